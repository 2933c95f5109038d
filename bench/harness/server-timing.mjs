// Preloaded into the API server the harness starts (NODE_OPTIONS=--import …): the server's own time of every
// request — from Node's `request` event to the response head — in the response header x-bench-server-ms. Fastify
// writes the head and the body together when the answer is ready, so this is the server time of DESIGN §9 without
// changing the app. Nothing else is touched.
import http from "node:http";

const START = Symbol("benchRequestStart");

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function benchEmit(event, _request, response) {
  if (event === "request" && response) response[START] = process.hrtime.bigint();
  // biome-ignore lint/complexity/noArguments: forwards whatever the event carries
  return emit.apply(this, arguments);
};

const writeHead = http.ServerResponse.prototype.writeHead;
http.ServerResponse.prototype.writeHead = function benchWriteHead(...args) {
  const start = this[START];
  if (start !== undefined && !this.headersSent) {
    this.setHeader("x-bench-server-ms", (Number(process.hrtime.bigint() - start) / 1e6).toFixed(3));
  }
  return writeHead.apply(this, args);
};
