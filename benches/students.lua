-- wrk script: GET the URL as many students, each request with the next session cookie from
-- COOKIE_FILE (one "internreel_session=..." per line; the threads start at different offsets).
--   wrk ... -s benches/students.lua URL -- COOKIE_FILE
local nthreads = 0
function setup(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
end

local cookies, i = {}, 0
function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then cookies[#cookies + 1] = line end
  end
  i = (tid or 0) * math.floor(#cookies / 2)
end

function request()
  i = i + 1
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  h["Cookie"] = cookies[(i % #cookies) + 1]
  return wrk.format("GET", nil, h, nil)
end
