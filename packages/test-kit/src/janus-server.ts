import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { untilListening } from './redis';
import { freePort } from './server-process';

export type JanusServer = { url: string; port: number; process: ChildProcess; stop: () => Promise<void> };

const JANUS = '/usr/bin/janus';
/** Where Debian's janus package puts its modules. */
const LIB = '/usr/lib/x86_64-linux-gnu/janus';

/**
 * A throwaway Janus (Debian's package) on loopback: its own config folder in a temp dir, only the VideoRoom
 * plugin and the WebSocket transport on 127.0.0.1 and a free port, no admin API, ICE gathered on `lo` only, so
 * no test media leaves the machine. Missing janus is a failure that says how to install it, never a skip.
 */
export async function startJanus(o: { streaming?: boolean } = {}): Promise<JanusServer> {
  if (!existsSync(JANUS)) {
    throw new Error('janus is not installed: run `apt-get install janus` (npm test as root installs it itself)');
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'rounds-janus-'));
  writeFileSync(
    join(dir, 'janus.jcfg'),
    `general: {
  configs_folder = "${dir}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 3
  admin_secret = "${crypto.randomUUID()}"
  session_timeout = 60
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  nice_debug = false
  ice_enforce_list = "lo"
  ignore_mdns = true
}
plugins: {
  disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,${o.streaming ? '' : 'libjanus_streaming.so,'}libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so"
}
transports: {
  disable = "libjanus_http.so,libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`,
  );
  writeFileSync(
    join(dir, 'janus.transport.websockets.jcfg'),
    `general: {
  json = "compact"
  ws = true
  ws_port = ${port}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`,
  );
  writeFileSync(join(dir, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');
  if (o.streaming) writeFileSync(join(dir, 'janus.plugin.streaming.jcfg'), 'general: {\n}\n');
  const child = spawn(JANUS, ['-F', dir, '-C', join(dir, 'janus.jcfg'), '-o', '-E', 'lo'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await untilListening(port, 20_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`janus did not start on port ${port}: ${String(error)}\n${log}`);
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    process: child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
