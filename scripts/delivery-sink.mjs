/*
 * The local ends of the notification channels in a process of their own (bench:notify): an SMTP
 * sink that reads each mail to its end and keeps nothing, and a web push endpoint (https, the
 * test certificate of tests/fixtures/push) that reads each push and answers 201 as a push
 * service does. A bench then measures the sender, not the receivers sharing its event loop.
 *
 * `node scripts/delivery-sink.mjs`: run by hand it prints both ports; forked with an IPC channel
 * it sends `{ smtpPort, pushPort }` once listening and answers the message `"count"` with
 * `{ mails, pushes, cpuMs }` (cpuMs: the CPU this process spent so far).
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { SMTPServer } from "smtp-server";

const fixtures = new URL("../tests/fixtures/push/", import.meta.url);
let mails = 0;
let pushes = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  // The sender's pool holds its connections open: no limit of this side's.
  maxClients: 1_000,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      mails++;
      callback();
    });
  },
});

const push = createServer(
  {
    cert: readFileSync(new URL("endpoint-cert.pem", fixtures)),
    key: readFileSync(new URL("endpoint-key.pem", fixtures)),
  },
  (request, response) => {
    request.on("data", () => {});
    request.on("end", () => {
      pushes++;
      response.writeHead(201).end();
    });
  },
);

const smtpPort = await new Promise((resolve) =>
  smtp.listen(0, "127.0.0.1", () => resolve(smtp.server.address().port)),
);
const pushPort = await new Promise((resolve) =>
  push.listen(0, "127.0.0.1", () => resolve(push.address().port)),
);
if (process.send) process.send({ smtpPort, pushPort });
else console.log(`SMTP on ${smtpPort}, web push on https://127.0.0.1:${pushPort}/`);

process.on("message", (message) => {
  if (message !== "count") return;
  const { user, system } = process.cpuUsage();
  process.send?.({ mails, pushes, cpuMs: (user + system) / 1000 });
});
const stop = () => {
  push.close();
  smtp.close(() => process.exit(0));
};
// Forked: the parent's end is this process's end too.
process.on("disconnect", stop);
process.on("SIGTERM", stop);
