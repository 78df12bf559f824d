import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export const ECB_FIXTURE_XML = fs.readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/ecb/eurofxref-daily.xml"),
  "utf8",
);

const RATES_PATH = "/stats/eurofxref/eurofxref-daily.xml";

export interface EcbServer {
  /** Where the daily file is served: set ECB_RATES_URL to it. */
  ratesUrl: string;
  /** How many times the file has been asked for. */
  requestCount: () => number;
  /** What the file answers from now on (e.g. an outage, or a file without a dollar rate). */
  answer: (status: number, body: string) => void;
  close: () => Promise<void>;
}

/** A stand-in for the ECB on 127.0.0.1, serving the local copy of its daily reference rates. */
export async function startEcbServer(): Promise<EcbServer> {
  let status = 200;
  let body = ECB_FIXTURE_XML;
  let requests = 0;
  const server = http.createServer((request, response) => {
    if (request.url !== RATES_PATH) {
      response.writeHead(404).end();
      return;
    }
    requests += 1;
    response.writeHead(status, { "content-type": "text/xml; charset=utf-8" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ratesUrl: `http://127.0.0.1:${port}${RATES_PATH}`,
    requestCount: () => requests,
    answer: (nextStatus, nextBody) => {
      status = nextStatus;
      body = nextBody;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
