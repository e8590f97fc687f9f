import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ensureSetting, getSetting } from '../../db/settings.repo.ts';

export const GIFT_LINK_PRIVATE_KEY_SETTING = 'gift_link_private_key';
/**
 * 3072 bits: RSA-OAEP-SHA256 then takes up to 318 bytes of plaintext, room for the JSON of a gift link
 * and a wallet account name (a 200-character link leaves 84 for the name), and decrypts about three
 * times faster than a 4096-bit key.
 */
export const GIFT_LINK_KEY_BITS = 3072;

const generateRsa = promisify(generateKeyPair);

interface LoadedKey {
  privateKey: KeyObject;
  publicKeyPem: string;
}

/**
 * The server's gift-link key pair: made on first use and kept in settings (private key, PKCS#8 PEM),
 * so it survives restarts and every instance decrypts what any instance's public key encrypted.
 */
export function createGiftLinkKeys(db: Kysely<Database>) {
  let loading: Promise<LoadedKey> | undefined;

  async function loadOrCreate(): Promise<LoadedKey> {
    let pem = await getSetting<string>(db, GIFT_LINK_PRIVATE_KEY_SETTING);
    if (!pem) {
      const { privateKey } = await generateRsa('rsa', {
        modulusLength: GIFT_LINK_KEY_BITS,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      // Two instances starting together may both generate; the first stored key wins for both.
      pem = await ensureSetting(db, GIFT_LINK_PRIVATE_KEY_SETTING, () => privateKey);
    }
    const privateKey = createPrivateKey(pem);
    const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
    return { privateKey, publicKeyPem };
  }

  function load(): Promise<LoadedKey> {
    loading ??= loadOrCreate().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  }

  return {
    /** SPKI PEM, what WebCrypto's importKey('spki') takes once the PEM armour is stripped. */
    async publicKeyPem(): Promise<string> {
      return (await load()).publicKeyPem;
    },
    /** RSA-OAEP with SHA-256 (OAEP and MGF1), as WebCrypto's RSA-OAEP/SHA-256 encrypts; null if it does not open. */
    async decrypt(ciphertext: Buffer): Promise<Buffer | null> {
      const { privateKey } = await load();
      try {
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          ciphertext,
        );
      } catch {
        return null;
      }
    },
  };
}
export type GiftLinkKeys = ReturnType<typeof createGiftLinkKeys>;
