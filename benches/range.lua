-- wrk script: GET the URL with Range headers for consecutive SLICE-byte slices of a
-- SIZE-byte file (every slice full), each thread starting at a different slice.
--   wrk ... -s benches/range.lua URL -- SIZE [SLICE]
local nthreads = 0
function setup(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
end

local size, slice, slices, i
function init(args)
  size = tonumber(args[1])
  slice = tonumber(args[2] or 1048576)
  slices = math.floor(size / slice)
  i = (tid or 0) * 7
end

function request()
  local s = (i % slices) * slice
  i = i + 1
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  h["Range"] = "bytes=" .. s .. "-" .. (s + slice - 1)
  return wrk.format("GET", nil, h, nil)
end
