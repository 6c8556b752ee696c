-- wrk script: student sign-ins (POST /api/student-login) cycling over the synthetic
-- students student0..student{COUNT-1}@synthetic.example; the threads start apart.
--   wrk ... -s benches/signin.lua http://127.0.0.1:PORT -- COUNT
local nthreads = 0
function setup(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
end

local count, i = 1000, 0
function init(args)
  count = tonumber(args[1] or 1000)
  i = (tid or 0) * math.floor(count / 2)
end

function request()
  i = i + 1
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  h["Content-Type"] = "application/json"
  local body = '{"email":"student' .. (i % count) .. '@synthetic.example","password":"student123"}'
  return wrk.format("POST", "/api/student-login", h, body)
end
