-- The pos bench's request for wrk (bench/src/pos.bench.ts; README "pos"): one cash sale rung up at a
-- register, the same body every time, each with an Idempotency-Key of its own (a new key is a new sale).
-- Arguments (after wrk's `--`):
--   1  the path, /api/v1/tenants/<tenantId>/restaurants/<restaurantId>/pos/orders
--   2  a session token (POST /api/v1/auth/signin, sessionToken) of the restaurant's staff
--   3  the paired devices' tokens, comma-separated: the requests take them in turn (the registers)
--   4  the sale's JSON body
--   5  a word of the run's own: the keys are <word>-<thread>-<count>, so no two runs share one
--   6  a file the answers' count is written to at the end: {"answered":n,"refused":n,"statuses":"409 2,"}
-- e.g. wrk -t1 -c20 -d10s -s bench/src/pos.lua http://127.0.0.1:3002 -- <path> <token> <devices> <body> run1 out.json

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
  thread:set("id", #threads)
end

local path, body, prefix
local headers = {}
local devices = {}
local count = 0
answered = 0
refused = 0
statuses = ""

function init(args)
  path = args[1]
  for token in string.gmatch(args[3] or "", "[^,]+") do devices[#devices + 1] = token end
  body = args[4]
  prefix = (args[5] or "run") .. "-" .. (id or 1) .. "-"
  out = args[6]
  headers["Authorization"] = "Bearer " .. args[2]
  headers["Content-Type"] = "application/json"
end

function request()
  count = count + 1
  headers["X-Pos-Device"] = devices[(count % #devices) + 1]
  headers["Idempotency-Key"] = prefix .. count
  return wrk.format("POST", path, headers, body)
end

function response(status)
  answered = answered + 1
  if status < 200 or status > 299 then
    refused = refused + 1
    if #statuses < 200 then statuses = statuses .. status .. "," end
  end
end

function done()
  local total, no, list, file = 0, 0, "", nil
  for _, thread in ipairs(threads) do
    total = total + thread:get("answered")
    no = no + thread:get("refused")
    list = list .. thread:get("statuses")
    file = file or thread:get("out")
  end
  if not file then return end
  local f = io.open(file, "w")
  f:write(string.format('{"answered":%d,"refused":%d,"statuses":"%s"}\n', total, no, list))
  f:close()
end
