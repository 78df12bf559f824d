import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import S3rver from "s3rver";

/** s3rver's built-in account: it refuses any other access key. */
const ACCESS_KEY = "S3RVER";

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The app's S3_* variables for this server's bucket (objects public at endpoint/bucket). */
  env: Record<string, string>;
  /** The names stored in the bucket. */
  objectNames: () => Promise<string[]>;
  close: () => Promise<void>;
}

/** A real S3-compatible server (s3rver) on a random loopback port, storing into a temp folder. */
export async function startS3Server(bucket = "uploads"): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_PUBLIC_URL: `${endpoint}/${bucket}`,
    },
    objectNames: async () => {
      const listing = await (await fetch(`${endpoint}/${bucket}?list-type=2`)).text();
      return [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
