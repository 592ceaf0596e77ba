-- The soak bench's request mix for wrk (bench/src/soak.bench.ts; README "Benchmarks").
-- Every request is drawn at random from: public site pages by Host (a mapped domain), the public
-- restaurant document, resolved menus and catalogue reads signed in (Bearer), and - with SOAK_WRITE_PERCENT
-- above 0 - item updates. Configured through the environment:
--   SOAK_TOKEN          a session token (POST /api/v1/auth/signin, sessionToken), of a manager or above
--   SOAK_API            the restaurant's API path, /api/v1/tenants/<tenantId>/restaurants/<restaurantId>
--   SOAK_SLUG           the restaurant's slug (public restaurant document)
--   SOAK_MENUS          menu group ids of its menus, comma-separated
--   SOAK_ITEMS          item ids of its catalogue, comma-separated (reads and writes)
--   SOAK_HOSTS          mapped site hosts, comma-separated
--   SOAK_WRITE_PERCENT  share of requests that are writes (0-100; 0 by default)
-- e.g. wrk -t2 -c200 -d60s --timeout 10s -s bench/src/soak.lua http://127.0.0.1:3002

local function split(value)
  local list = {}
  for part in string.gmatch(value or "", "[^,]+") do list[#list + 1] = part end
  return list
end

local token = os.getenv("SOAK_TOKEN") or ""
local api = os.getenv("SOAK_API") or ""
local slug = os.getenv("SOAK_SLUG") or "harbor-grill"
local menus = split(os.getenv("SOAK_MENUS"))
local items = split(os.getenv("SOAK_ITEMS"))
local hosts = split(os.getenv("SOAK_HOSTS"))
local writePercent = tonumber(os.getenv("SOAK_WRITE_PERCENT") or "0") or 0

local sitePaths = { "/", "/menu", "/menu/all" }
local bearer = { ["Authorization"] = "Bearer " .. token }
local threadCount = 0
local written = 0

function setup(thread)
  threadCount = threadCount + 1
  thread:set("seed", threadCount * 7919 + os.time())
end

function init(args)
  math.randomseed(seed or os.time())
end

local function pick(list)
  return list[math.random(#list)]
end

local function sitePage()
  return wrk.format("GET", pick(sitePaths), { ["Host"] = pick(hosts), ["Accept-Encoding"] = "gzip, br" })
end

local function resolvedMenu()
  return wrk.format("GET", api .. "/menus/" .. pick(menus) .. "?channel=onlineOrdering", bearer)
end

local catalogueReads = {
  function() return api .. "/items?limit=50" end,
  function() return api .. "/menu-groups?limit=50" end,
  function() return api .. "/modifier-groups?limit=50" end,
  function() return api .. "/items/" .. pick(items) end,
  function() return api .. "/menus?channel=onlineOrdering" end,
  function() return "/api/v1/auth/session" end,
}

local function catalogueRead()
  return wrk.format("GET", pick(catalogueReads)(), bearer)
end

local function publicRestaurant()
  return wrk.format("GET", "/api/v1/restaurants/by-slug/" .. slug)
end

local function itemWrite()
  written = written + 1
  local body = '{"customerDescription":"Soak test ' .. written .. '"}'
  return wrk.format("PATCH", api .. "/items/" .. pick(items), {
    ["Authorization"] = "Bearer " .. token,
    ["Content-Type"] = "application/json",
  }, body)
end

function request()
  local roll = math.random() * 100
  if roll < writePercent then return itemWrite() end
  -- reads: 40% site pages, 25% resolved menus, 30% catalogue, 5% the public restaurant document
  roll = math.random() * 100
  if roll < 40 then return sitePage() end
  if roll < 65 then return resolvedMenu() end
  if roll < 95 then return catalogueRead() end
  return publicRestaurant()
end

-- One line the bench parses: counts, socket errors, statuses >= 400 and latency in microseconds.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'SOAK_RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d,"max":%d,"mean":%.1f}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max, latency.mean))
end
