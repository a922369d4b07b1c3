import net from 'node:net';
import { freePort } from './instances';

/** A TCP forwarder to a service that the test can take down (connections refused) and bring back on the same port. */
export interface ServiceSwitch {
  port: number;
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function serviceSwitch(target: { host: string; port: number }): Promise<ServiceSwitch> {
  const port = await freePort();
  const open = new Set<net.Socket>();
  let server: net.Server | undefined;

  const up = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const listening = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve();
      });
    });

  const down = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      for (const socket of open) socket.destroy();
      if (!closing) return resolve();
      closing.close(() => resolve());
    });

  await up();
  return { port, url: `http://127.0.0.1:${port}`, up, down, close: down };
}
