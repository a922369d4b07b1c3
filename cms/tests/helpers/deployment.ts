import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { compileCms } from '../../../scripts/src/lib/strapi';
import {
  callAt,
  deploymentEnv,
  seedDeployment,
  startInstance,
  throwAwayDatabase,
  workFolder,
  type Instance,
  type ThrowAwayDatabase,
} from './instances';
import { startS3Server, type S3Server } from './s3-server';
import { postUpload, pdfBytes } from './uploads';

export const DEMO_PASSWORD = 'DemoPass2026!';
export const BUCKET = 'portal-deploy';

/** A production-shaped deployment: one throw-away PostgreSQL database, one S3 server, seeded, and its CMS instances. */
export interface Deployment {
  db: ThrowAwayDatabase;
  s3: S3Server;
  env: NodeJS.ProcessEnv;
  instances: Instance[];
  /** Whether the bucket holds `key`. */
  hasObject(key: string): Promise<boolean>;
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  label: string;
  /** Extra environment per instance (one entry per instance to start). */
  instances: NodeJS.ProcessEnv[];
  /** Where the instances reach S3 (a switchable forwarder in front of the server), default the server itself. */
  s3Endpoint?: (server: S3Server) => Promise<string>;
  env?: NodeJS.ProcessEnv;
}

/** Starts the S3 server, makes and seeds the database, then starts each instance (`strapi start`). */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const folder = workFolder(options.label);
  const cleanups: (() => Promise<void> | void)[] = [folder.remove];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  };
  try {
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    const endpoint = options.s3Endpoint ? await options.s3Endpoint(s3) : s3.endpoint;
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const db = await throwAwayDatabase(options.label);
    cleanups.push(() => db.drop());
    const env = deploymentEnv(folder.dir, {
      DATABASE_URL: db.url,
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...options.env,
    });
    compileCms();
    // The seed runs while this process waits (spawnSync), so it must not need anything this process serves (the
    // switchable S3 forwarder, a test mail server).
    seedDeployment({ ...env, S3_ENDPOINT: s3.endpoint, SMTP_HOST: '' });
    const instances: Instance[] = [];
    cleanups.push(async () => {
      for (const instance of instances) await instance.kill('SIGKILL');
    });
    for (const extra of options.instances) instances.push(await startInstance({ ...env, ...extra }));
    return {
      db,
      s3,
      env,
      instances,
      stop,
      hasObject: (key) =>
        client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
          () => true,
          () => false,
        ),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Signs in on `base` and answers the session code. */
export async function signInAt(
  base: string,
  username: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const { status, body } = await callAt(base, 'POST', '/api/auth/auth', { username, password }, headers);
  if (status !== 200) throw new Error(`sign-in of ${username} at ${base} answered ${status}: ${JSON.stringify(body)}`);
  return body.authCode;
}

/** The three steps of a proof-document upload, as the site makes them; answers the save's answer and the key. */
export async function uploadProof(base: string, authCode: string, name: string) {
  const step1 = await callAt(
    base,
    'POST',
    '/api/profile/proof_documents/upload',
    { path: name },
    { authcode: authCode },
  );
  if (step1.status !== 200) return { step: 1, status: step1.status, body: step1.body, key: undefined };
  const posted = await postUpload(step1.body.data.postURL, step1.body.data.formData, {
    bytes: pdfBytes(name),
    name,
    type: 'application/pdf',
  });
  if (posted.status >= 300)
    return { step: 2, status: posted.status, body: posted.text, key: step1.body.path as string };
  const saved = await callAt(
    base,
    'POST',
    '/api/profile/proof_documents/save',
    { path: step1.body.path, name, bucket: step1.body.bucket },
    { authcode: authCode },
  );
  return { step: 3, status: saved.status, body: saved.body, key: step1.body.path as string };
}
