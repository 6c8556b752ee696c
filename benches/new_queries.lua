-- wrk script: a search no one asked before on (nearly) every request, so it misses the page
-- cache and the kept hits alike (src/search: hits are kept per query until the index
-- changes). Each request asks one or two words of the synthetic postings' vocabulary with one
-- letter changed: an unknown word of 5+ letters, which is also looked for with one typo, the
-- dearest path a search has.
--   wrk ... -s benches/new_queries.lua URL        (URL: .../api/internships)
local words = {
  "software", "marketing", "design", "healthcare", "finance", "engineering", "robotics",
  "science", "education", "hospitality", "retail", "media", "assistant", "apprentice",
  "helper", "ambassador", "trainee", "intern", "research", "support", "organise",
  "analyse", "community", "events", "mobile", "social", "samples", "displays", "tutoring",
  "sessions", "customers", "reliable", "curious",
}
local letters = "abcdefghijklmnopqrstuvwxyz"
local nthreads = 0
function setup(thread)
  thread:set("tid", nthreads)
  nthreads = nthreads + 1
end

function init(args)
  math.randomseed(os.time() * 1000 + (tid or 0))
end

local function typo()
  local w = words[math.random(#words)]
  local at = math.random(2, #w)
  local c = math.random(26)
  return w:sub(1, at - 1) .. letters:sub(c, c) .. w:sub(at + 1)
end

function request()
  local q = typo()
  if math.random(2) == 1 then
    q = q .. "+" .. typo()
  end
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format("GET", wrk.path .. sep .. "q=" .. q)
end
