#!/usr/bin/env python3
"""A tiny stdio MCP server for bench/mcp.mjs: newline-delimited JSON-RPC on stdin/stdout,
standard library only, so starting it costs a few tens of ms of CPU (a Node server built on the
SDK costs hundreds). It answers initialize, ping, tools/list (one tool, echo) and tools/call.

`--start-wait-ms N` sleeps N ms before serving, like a server that connects to a database or
a remote API when it starts: a start that waits rather than computes."""
import json
import sys
import time

TOOLS = [{
    "name": "echo",
    "description": "Echoes back the message.",
    "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]},
}]


def answer(msg):
    method = msg.get("method")
    params = msg.get("params") or {}
    if method == "initialize":
        return {"result": {
            "protocolVersion": params.get("protocolVersion", "2025-06-18"),
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "tiny", "version": "1"},
        }}
    if method == "ping":
        return {"result": {}}
    if method == "tools/list":
        return {"result": {"tools": TOOLS}}
    if method == "tools/call" and params.get("name") == "echo":
        text = "Echo: " + str((params.get("arguments") or {}).get("message", ""))
        return {"result": {"content": [{"type": "text", "text": text}]}}
    return {"error": {"code": -32601, "message": "method not found: %s" % method}}


def main():
    if "--start-wait-ms" in sys.argv:
        time.sleep(int(sys.argv[sys.argv.index("--start-wait-ms") + 1]) / 1000)
    out = sys.stdout
    for raw in iter(sys.stdin.buffer.readline, b""):
        try:
            msg = json.loads(raw)
        except ValueError:
            continue
        if "id" not in msg or "method" not in msg:
            continue  # notifications and responses need no answer
        reply = answer(msg)
        reply["jsonrpc"] = "2.0"
        reply["id"] = msg["id"]
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
