// A local SMTP sink: accepts every message on 127.0.0.1, keeps it (in memory, and as an .eml file
// when given a folder) and logs its subject. `npm start` uses it when no SMTP_HOST is set; the
// tests use it as the real SMTP peer of PocketBase.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export class MailSink {
  /** @param {{ dir?: string, log?: (line: string) => void }} [options] */
  constructor(options = {}) {
    this.dir = options.dir;
    this.log = options.log ?? (() => {});
    /** @type {import('mailparser').ParsedMail[]} */
    this.messages = [];
    /**
     * Recipients this sink refuses, with the SMTP reply code (550: permanent, 450: try later), for
     * tests of a mail server that turns an address down. Lower-case addresses.
     * @type {Map<string, number>}
     */
    this.refusals = new Map();
    this.port = 0;
    this.server = null;
  }

  /** Listen on the given port, or a free one the first time. */
  async start(port = this.port) {
    if (this.dir) mkdirSync(this.dir, { recursive: true });
    this.server = new SMTPServer({
      // smtp-server's built-in STARTTLS certificate has expired; loopback needs no TLS.
      disabledCommands: ['STARTTLS'],
      // Loopback peers have no reverse DNS name; looking one up cost ~100 ms per message.
      disableReverseLookup: true,
      authOptional: true,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const code = this.refusals.get(address.address.toLowerCase());
        if (!code) return callback();
        const err = /** @type {Error & { responseCode?: number }} */ (
          new Error(code >= 500 ? 'Mailbox unavailable' : 'Mailbox busy, try again later')
        );
        err.responseCode = code;
        return callback(err);
      },
      onData: (stream, _session, callback) => {
        const chunks = [];
        stream.on('data', (c) => chunks.push(c));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks);
          try {
            const parsed = await simpleParser(raw);
            this.messages.push(parsed);
            if (this.dir) {
              const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${this.messages.length}.eml`;
              writeFileSync(join(this.dir, name), raw);
            }
            this.log(`✉  ${parsed.subject ?? '(sem assunto)'} → ${parsed.to?.text ?? ''}`);
            callback();
          } catch (err) {
            callback(err);
          }
        });
      },
    });
    this.server.on('error', (err) => this.log(`mail sink error: ${err.message}`));
    // Nagle on our side and delayed ACKs on PocketBase's made every message wait ~100 ms.
    this.server.server.on('connection', (socket) => socket.setNoDelay(true));
    await new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve(undefined));
    });
    this.port = this.server.server.address().port;
    return this.port;
  }

  async stop() {
    if (!this.server) return;
    const server = this.server;
    this.server = null;
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }

  /**
   * Wait until `count` messages matching `filter` have arrived.
   * @param {(m: import('mailparser').ParsedMail) => boolean} [filter]
   */
  async waitFor(filter = () => true, count = 1, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.filter(filter);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `expected ${count} e-mail(s), got ${found.length}: ${this.messages.map((m) => m.subject).join(' | ')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
