import { lookup } from 'node:dns/promises';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect, type PeerCertificate } from 'node:tls';

/** What a probe found: ok with what it saw, or failed with what it saw and what to do. */
export type ProbeResult = { ok: true; saw: string } | { ok: false; saw: string; fix: string };

const PROBE_TIMEOUT_MS = 10_000;

function code(err: unknown): string {
  return (err as { code?: string }).code ?? (err as Error).message;
}

/** DNS: the host's addresses. */
export async function probeDns(host: string): Promise<ProbeResult & { address?: string }> {
  try {
    const all = await lookup(host, { all: true });
    return { ok: true, saw: `${host} → ${all.map((a) => a.address).join(', ')}`, address: all[0]!.address };
  } catch (err) {
    return { ok: false, saw: `${host} does not resolve (${code(err)})`, fix: `check the host name in the URL, and your DNS or VPN` };
  }
}

/** TCP: a connection to host:port opens. */
export function probeTcp(host: string, port: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = netConnect({ host, port });
    const done = (r: ProbeResult): void => {
      socket.destroy();
      resolve(r);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done({ ok: false, saw: `no answer from ${host}:${port} in ${PROBE_TIMEOUT_MS / 1000} s`, fix: 'a firewall or proxy may drop the connection; check the port and your network' }));
    socket.once('connect', () => done({ ok: true, saw: `connected to ${host}:${port}` }));
    socket.once('error', (err) =>
      done({
        ok: false,
        saw: `${host}:${port}: ${code(err)}`,
        fix: code(err) === 'ECONNREFUSED' ? `nothing listens on port ${port}: start the server, or fix the port in the URL` : 'check the host, the port and your network',
      }),
    );
  });
}

function describeCert(c: PeerCertificate): string {
  const cn = (x: Record<string, unknown> | undefined): string => (x && typeof x.CN === 'string' ? x.CN : '?');
  return `certificate of ${cn(c.subject as unknown as Record<string, unknown>)} issued by ${cn(c.issuer as unknown as Record<string, unknown>)}, valid ${c.valid_from} – ${c.valid_to}`;
}

/** TLS: the handshake completes and the certificate is trusted for `servername`. */
export function probeTls(host: string, port: number, servername: string): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host, port, servername, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const done = (r: ProbeResult): void => {
      socket.destroy();
      resolve(r);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done({ ok: false, saw: `no TLS handshake with ${host}:${port} in ${PROBE_TIMEOUT_MS / 1000} s`, fix: 'is this port serving https? try http://' }));
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      const what = cert && Object.keys(cert).length ? describeCert(cert) : 'no certificate';
      if (socket.authorized) return done({ ok: true, saw: `${socket.getProtocol() ?? 'TLS'}, ${what}` });
      const why = String(socket.authorizationError ?? 'not trusted');
      const self = /SELF_SIGNED|UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY_LEAF/.test(why);
      done({
        ok: false,
        saw: `${why}: ${what}`,
        fix: self
          ? "the certificate is not signed by a CA this machine trusts: use one that is, or start Glassbox with NODE_EXTRA_CA_CERTS=/path/to/ca.pem naming your CA's certificate"
          : /EXPIRED/.test(why)
            ? 'the certificate has expired: renew it on the server'
            : /ALTNAME|HOSTNAME/i.test(why)
              ? `the certificate is not for ${servername}: use the host name it was issued for`
              : 'fix the server certificate',
      });
    });
    socket.once('error', (err) => done({ ok: false, saw: `TLS handshake with ${host}:${port} failed: ${code(err)}`, fix: 'is this port serving https? try http://, or check the server TLS setup' }));
  });
}
