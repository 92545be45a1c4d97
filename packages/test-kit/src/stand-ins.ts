import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';

export type Mail = { raw: string };
export type Sms = { to: string; body: string };

/**
 * An SMTP server on loopback that accepts every message and keeps it (enough of RFC 5321 for nodemailer:
 * no STARTTLS offered, no authentication), so a test can read the codes a real deployment would email.
 */
export async function smtpStandIn(): Promise<{ url: string; mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const server = createServer((socket) => {
    socket.write('220 stand-in ESMTP\r\n');
    let buffer = '';
    let data: string[] | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            mails.push({ raw: data.join('\n') });
            data = null;
            socket.write('250 2.0.0 queued\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-stand-in\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          data = [];
          socket.write('354 end with .\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/**
 * A Twilio-compatible Messages API on loopback that keeps every SMS it is asked to send. With `answerAfterMs`
 * it holds each request that long before answering (a provider that hangs); an SMS counts as sent only when
 * it is answered, so a request the client gave up on is not kept (the provider never took it). recover()
 * answers new requests at once; those held in the outage stay held until their client gives up (answering
 * them now could race the client's own time-out, which no test can tell from a send twice).
 */
export async function smsStandIn(o: { answerAfterMs?: number } = {}): Promise<{
  url: string;
  messages: Sms[];
  /** Requests received, answered or not. */
  received: () => number;
  /** Requests waiting for their answer now. */
  waiting: () => number;
  recover: () => void;
  close: () => Promise<void>;
}> {
  const messages: Sms[] = [];
  let delay = o.answerAfterMs ?? 0;
  let received = 0;
  const held = new Set<() => void>();
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      received += 1;
      let timer: NodeJS.Timeout | undefined;
      const answer = () => {
        held.delete(answer);
        clearTimeout(timer);
        if (res.destroyed) return;
        const form = new URLSearchParams(body);
        messages.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM0"}');
      };
      if (delay === 0) return answer();
      timer = setTimeout(answer, delay);
      held.add(answer);
      res.on('close', () => {
        held.delete(answer);
        clearTimeout(timer);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/Accounts/{sid}/Messages.json`,
    messages,
    received: () => received,
    waiting: () => held.size,
    recover: () => {
      delay = 0;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
