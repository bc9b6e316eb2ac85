import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";
import { startListeningProcess } from "./listening-process";

/*
 * A load balancer in front of several instances of the built server, as an operator would run
 * it: Debian's nginx, round robin over the instances with keep-alive connections to them, the
 * forwarding headers the server's TRUST_PROXY believes, and the next instance tried when one
 * refuses the connection, times out or answers 502/503. It runs as a foreground child process
 * with its own configuration, logs, pid file and temporary folders in a folder of its own.
 */

export interface Balancer {
  url: string;
  /** One line per request: `<status> <upstream addresses> <upstream statuses> <method> <uri>`. */
  accessLog(): string;
  errorLog(): string;
  stop(): Promise<void>;
}

function config(dir: string, port: number, upstreams: string[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  log_format balancer '$status $upstream_addr $upstream_status $request_method $request_uri';
  access_log ${dir}/access.log balancer;
  client_body_temp_path ${dir}/tmp-body;
  proxy_temp_path ${dir}/tmp-proxy;
  fastcgi_temp_path ${dir}/tmp-fastcgi;
  uwsgi_temp_path ${dir}/tmp-uwsgi;
  scgi_temp_path ${dir}/tmp-scgi;
  # max_fails=0: a refused connection does not take an instance out of the rotation (the next one
  # answers that request all the same), so whatever still reaches a stopping instance over a kept
  # connection shows how it drains, not how nginx keeps its books.
  upstream perde {
${upstreams.map((upstream) => `    server ${upstream} max_fails=0;`).join("\n")}
    keepalive 32;
    # Below the instances' keep-alive timeout (5 s): nginx lets go of an idle connection first.
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://perde;
      # Keep-alive to the instances: HTTP/1.1 without the client's Connection header.
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # Overwritten, never appended to: the server believes it from this proxy (TRUST_PROXY).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # The host the visitor asked for, port included ($host drops it).
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/** Starts nginx in front of `upstreams` (`127.0.0.1:port` each) and waits until it listens. */
export async function startBalancer(upstreams: string[]): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), "perde-nginx-"));
  // Started as root, nginx runs its worker as `nobody`, which must reach the temporary folders.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, config(dir, port, upstreams));
  const read = (file: string) => {
    try {
      return readFileSync(path.join(dir, file), "utf8");
    } catch {
      return "";
    }
  };
  // -e: even the errors before the configuration is read go to this folder, not /var/log/nginx.
  const nginx = await startListeningProcess(
    "nginx",
    ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
    {
      dir,
      port,
      withinMs: 10_000,
      pollMs: 50,
      installHint: "apt-get install nginx-light",
      moreOutput: () => read("error.log"),
    },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: () => read("access.log"),
    errorLog: () => read("error.log"),
    stop: nginx.stop,
  };
}
