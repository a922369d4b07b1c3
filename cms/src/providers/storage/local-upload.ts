import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import { sizeLabel } from './file-types';
import { localFile } from './local';
import { policyOf, type LocalPolicy } from './local-policy';

/** A local upload refused: the HTTP status and the message for the person uploading. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Room for the form's other fields (key, type, policy, signature) and the part headers around the file. */
const FORM_ALLOWANCE = 16 * 1024;

const tooLarge = (policy: LocalPolicy) =>
  new UploadRefusal(413, `The file is larger than ${sizeLabel(policy.maxBytes)}`);

/** The policy the form's fields carry, checked against the fields themselves: the key and type must be the signed ones. */
function checkedPolicy(fields: Map<string, string>, now: number): LocalPolicy {
  const policy = policyOf(fields.get('policy'), fields.get('signature'));
  if (!policy) throw new UploadRefusal(403, 'The upload policy is missing or not valid');
  if (policy.expiresAt <= now) throw new UploadRefusal(403, 'The upload policy has expired');
  if (fields.get('key') !== policy.key) throw new UploadRefusal(403, 'The upload policy does not allow this key');
  if (fields.get('Content-Type') !== policy.contentType)
    throw new UploadRefusal(403, 'The upload policy does not allow this Content-Type');
  return policy;
}

/**
 * Receives one multipart/form-data upload into the folder `dir`, as S3 receives a presigned POST: the form's fields
 * (key, Content-Type, policy, signature) come first, then the file as `file`. The body is read as a stream and never
 * held whole: a declared length beyond the policy's limit is refused before the file is read, and a body that runs
 * past it is cut off there, its partial file removed. The file is written aside and renamed when complete.
 */
export function receiveLocalUpload(
  dir: string,
  request: IncomingMessage,
  contentType: string,
  now = Date.now(),
): Promise<void> {
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    return Promise.reject(new UploadRefusal(400, 'Post the file as multipart/form-data'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fields: 20, fieldSize: 4096, files: 1, parts: 30 },
    });
  } catch {
    return Promise.reject(new UploadRefusal(400, 'The upload is not well-formed multipart/form-data'));
  }
  const declaredLength = Number(request.headers['content-length'] ?? NaN);

  return new Promise<void>((resolve, reject) => {
    const fields = new Map<string, string>();
    let received: Promise<void> | null = null;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Read no further: the answer goes out and the connection closes (the controller says Connection: close).
      request.unpipe(parser);
      reject(
        error instanceof UploadRefusal
          ? error
          : new UploadRefusal(400, 'The upload is not well-formed multipart/form-data'),
      );
    };

    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (name, stream) => {
      if (name !== 'file' || received) {
        stream.resume();
        return;
      }
      received = (async () => {
        const policy = checkedPolicy(fields, now);
        if (declaredLength > policy.maxBytes + FORM_ALLOWANCE) throw tooLarge(policy);
        const target = localFile(dir, policy.key);
        await fs.mkdir(path.dirname(target), { recursive: true });
        const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
        let size = 0;
        const limit = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(size > policy.maxBytes ? tooLarge(policy) : null, chunk);
          },
        });
        try {
          await pipeline(stream, limit, createWriteStream(partial));
          if (size === 0) throw new UploadRefusal(400, 'The file is empty');
          await fs.rename(partial, target);
        } catch (error) {
          await fs.rm(partial, { force: true });
          throw error;
        }
      })();
      received.catch(fail);
    });
    parser.on('error', fail);
    parser.on('close', () => {
      if (!received) return fail(new UploadRefusal(400, 'The form has no file field named file'));
      received.then(() => {
        if (!settled) {
          settled = true;
          resolve();
        }
      }, fail);
    });
    request.on('error', fail);
    request.pipe(parser);
  });
}
