import net from "node:net";

/**
 * Writes `bytes` to the server as they are and resolves with everything it answers until it closes the
 * connection (or what came within 5 s). The socket stays open for writing: Node's server drops the
 * requests of a client that half-closes.
 */
export function rawRequest(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let answer = "";
    const timer = setTimeout(() => socket.destroy(), 5000);
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? undefined : reject(error)));
  });
}

/** The status code of a raw HTTP answer (0 when the server closed the connection without one). */
export function statusOf(answer: string): number {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
  return match ? Number(match[1]) : 0;
}
