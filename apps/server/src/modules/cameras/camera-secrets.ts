import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

// One configured secret (DATA_DIR/secrets/camera-secret) gives two keys of separate purposes, so a stream
// signature can never be turned into a decryption of a password, nor the other way round.

const keyFor = (secret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'cowcare-cameras', purpose, 32));

export interface CameraCredentials {
  username: string | null;
  password: string | null;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: the tag makes a tampered or wrong-key value fail to open rather than decrypt to garbage. */
export class CameraSecrets {
  private readonly encryptionKey: Buffer;
  private readonly signingKey: Buffer;

  constructor(secret: string) {
    this.encryptionKey = keyFor(secret, 'credentials');
    this.signingKey = keyFor(secret, 'stream-tickets');
  }

  /** Null when there is nothing to keep, so "no credentials" is a plain null column. */
  seal(credentials: CameraCredentials): string | null {
    if (credentials.username === null && credentials.password === null) return null;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** Undefined when the value does not open (the secret was replaced): the camera then asks for them again. */
  open(sealed: string | null): CameraCredentials | undefined {
    if (sealed === null) return { username: null, password: null };
    try {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
      const value = JSON.parse(text) as Partial<CameraCredentials>;
      return { username: value.username ?? null, password: value.password ?? null };
    } catch {
      return undefined;
    }
  }

  sign(text: string): string {
    return createHmac('sha256', this.signingKey).update(text).digest('base64url');
  }

  verify(text: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
