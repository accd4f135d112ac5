import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port) that keeps every mail it accepts. While `down` is
 * set it answers each message with a temporary failure (451), as a mail server out of service does.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { down: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (state.down) return callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 451 }));
        // Kept before the 250 answer, so a sender that has its answer finds the mail here.
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), from: mail.from?.text ?? "", subject: mail.subject ?? "", text: mail.text ?? "" });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
