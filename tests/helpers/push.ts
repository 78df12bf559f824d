/** A browser's side of Web Push, for tests that read what the alert delivery job pushed. */
import crypto from "node:crypto";

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export function browserKeys() {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    authText: auth.toString("base64url"),
  };
}

/** RFC 8188 aes128gcm decryption with RFC 8291's key derivation, as a browser does it. */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderPublicKey);
  const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
    Buffer.from(crypto.hkdfSync("sha256", ikm, salt, info, length));
  const keyInfo = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    keys.ecdh.getPublicKey(),
    senderPublicKey,
  ]);
  const ikm = hkdf(keys.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the 0x02 delimiter (then optional zero padding).
  return plain.subarray(0, plain.lastIndexOf(2)).toString("utf8");
}
