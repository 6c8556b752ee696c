-- wrk script: GET the URL as many students, each request with the next session cookie from
-- COOKIE_FILE (one "internreel_session=..." per line; the threads start at different offsets).
--   wrk ... -s benches/students.lua URL -- COOKIE_FILE
-- Each student's request is formatted once, in init: wrk then sends prepared bytes, as it does
-- for a request without a script, so the script's own work per request (a table of headers
-- copied and a request formatted) does not take CPU from the server on this 2-core machine.
local nthreads = 0
function setup(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
end

local requests, i = {}, 0
function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then
      local h = {}
      for k, v in pairs(wrk.headers) do h[k] = v end
      h["Cookie"] = line
      requests[#requests + 1] = wrk.format("GET", nil, h, nil)
    end
  end
  i = (tid or 0) * math.floor(#requests / 2)
end

function request()
  i = i + 1
  return requests[(i % #requests) + 1]
end
