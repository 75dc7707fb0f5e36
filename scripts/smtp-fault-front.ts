import net from "node:net";

/**
 * A TCP front for a real SMTP server that can fail the way mail servers do (the mail-outage
 * check): `refuse` (nothing listens: connections are refused), `blackhole` (connections are taken
 * and never answered) or `forward` (bytes go to the real server). The portal's SMTP_URL points here.
 */
export type FrontMode = "refuse" | "blackhole" | "forward";

export async function startSmtpFront(port: number, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let mode: FrontMode = "refuse";
  let server: net.Server | null = null;

  const onConnection = (client: net.Socket) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    if (mode !== "forward") return; // a black hole: never a byte back
    const upstream = net.connect(targetPort, "127.0.0.1");
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  };

  const close = async () => {
    for (const socket of sockets) socket.destroy();
    if (server) await new Promise((resolve) => server?.close(resolve));
    server = null;
  };

  return {
    mode: () => mode,
    async set(next: FrontMode): Promise<void> {
      await close();
      mode = next;
      if (next === "refuse") return;
      server = net.createServer(onConnection);
      await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", resolve));
    },
    close,
  };
}
