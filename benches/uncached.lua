-- wrk script: GET the URL with a throwaway `_` parameter that differs on every request. The
-- handler ignores it, but whole pages are cached by their query string, so every request
-- misses that cache and runs the search (the fragments of postings may still be cached).
--   wrk ... -s benches/uncached.lua URL
local nthreads = 0
function setup(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
end

local n = 0
function request()
  n = n + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format("GET", wrk.path .. sep .. "_=" .. (tid or 0) .. "-" .. n)
end
