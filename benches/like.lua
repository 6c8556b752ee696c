-- wrk script: like toggles by many students at once. Each request takes the next session
-- cookie from COOKIE_FILE (one "internreel_session=..." per line; the threads start at
-- different offsets) and a random posting id in FIRST..FIRST+COUNT-1.
--   wrk ... -s benches/like.lua http://127.0.0.1:PORT -- COOKIE_FILE FIRST COUNT
local nthreads = 0
function setup(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
end

local cookies, first, count, i = {}, 0, 1, 0
function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then cookies[#cookies + 1] = line end
  end
  first = tonumber(args[2])
  count = tonumber(args[3])
  math.randomseed(os.time() + 7919 * (tid or 0))
  i = (tid or 0) * math.floor(#cookies / 2)
end

function request()
  i = i + 1
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  h["Cookie"] = cookies[(i % #cookies) + 1]
  local id = first + math.random(0, count - 1)
  return wrk.format("POST", "/api/internships/" .. id .. "/like", h, nil)
end
