import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition, FILE_LINK_TTL_MS } from '../../utils/file-links';
import { unavailable } from '../../utils/http-errors';
import type { S3Settings } from './settings';
import type { FileStorage } from './types';

/** The SDK client of these settings: explicit keys when set, else the SDK's own credential chain. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && {
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    }),
  });
}

const isMissing = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

export const STORAGE_UNAVAILABLE = 'File storage is unavailable, try again later';

/**
 * Runs one call to S3, answering 503 STORAGE_UNAVAILABLE when S3 cannot be reached or fails on its side (a network
 * error, a 5xx), instead of a bare 500; S3's answers about the request itself (a missing object) pass through.
 */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status !== undefined && status < 500) throw error;
    throw unavailable(STORAGE_UNAVAILABLE);
  }
}

/**
 * Private files in an S3 bucket (objects stay private: no ACL is granted). Uploads are presigned POSTs whose policy
 * holds the limits (exact key, exact Content-Type, content-length-range), so S3 itself refuses anything else;
 * downloads are presigned GETs that name the file as an attachment.
 */
export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  async function stat(key: string) {
    try {
      const head = await reaching(() => client.send(new HeadObjectCommand({ Bucket, Key: key })));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType ?? null };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
  return {
    name: Bucket,
    async put(key, data, contentType) {
      await reaching(() =>
        client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: data, ...(contentType && { ContentType: contentType }) }),
        ),
      );
    },
    async get(key) {
      return reaching(async () => {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new Error(`No content for ${key}`);
        return Buffer.from(await object.Body.transformToByteArray());
      });
    },
    exists: async (key) => (await stat(key)) !== null,
    stat,
    async uploadPolicy({ key, contentType, maxBytes, expiresInSeconds }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$key', key],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresInSeconds,
      });
      return { postURL: url, formData: fields };
    },
    downloadUrl(key, name) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(name),
      });
      return getSignedUrl(client, command, { expiresIn: FILE_LINK_TTL_MS / 1000 });
    },
  };
}
