import net from "node:net";

/**
 * A TCP proxy in front of PostgreSQL that a test can take down (connections cut, new ones
 * refused) and bring back on the same port: the database becoming unreachable, for real.
 */
export interface TcpProxy {
  port: number;
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const up = async () => {
    const listening = net.createServer((client) => {
      const upstream = net.connect(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve));
    port = (listening.address() as net.AddressInfo).port;
    server = listening;
  };
  const down = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(resolve));
  };
  await up();
  return { port, up, down, close: down };
}
