/**
 * Gift links travel encrypted (SPEC §7): RSA-OAEP with SHA-256 under the server's SPKI public key, the
 * ciphertext base64-encoded. WebCrypto does the work, so no crypto library ships to the browser.
 */

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

/** The DER bytes inside a PEM block ("-----BEGIN PUBLIC KEY-----" … base64 … "-----END …"). */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new Error('not a PEM public key');
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function toBase64(bytes: Uint8Array): string {
  // Chunks keep String.fromCharCode's argument list well under engine limits for any key size.
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/** Encrypts UTF-8 `plaintext` for the holder of the private key matching `publicKeyPem`. */
export async function encryptForServer(publicKeyPem: string, plaintext: string): Promise<string> {
  const key = await crypto.subtle.importKey('spki', pemToDer(publicKeyPem), OAEP, false, ['encrypt']);
  const ciphertext = await crypto.subtle.encrypt(OAEP, key, new TextEncoder().encode(plaintext));
  return toBase64(new Uint8Array(ciphertext));
}
