import net from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * Mail servers that misbehave, for the outbox's fault tests: one that takes the connection and
 * never says a word (a black hole), and one that refuses every recipient for good (SMTP 550).
 */

/** Accepts connections on `port` (0: any) and never answers; `close` ends them all. */
export async function startBlackHole(port = 0): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A real SMTP server that answers every RCPT TO with a permanent 550. */
export async function startRefusingSmtp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const error = Object.assign(new Error("5.1.1 No such mailbox here"), { responseCode: 550 });
      callback(error);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
