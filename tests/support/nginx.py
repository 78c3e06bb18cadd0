"""The shipped proxy configuration (deploy/nginx.conf) run by the system's nginx on
loopback, in front of a server under test. Only what cannot run here changes: the
upstream is ``127.0.0.1:<port>`` instead of the ``api`` replicas found through Docker's
DNS (``resolve``, which Debian's nginx 1.22 lacks, and the resolver line go), and the
listen address, logs and temporary files are the run's own."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time

from service.embedded_redis import free_port

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHIPPED = os.path.join(ROOT, "deploy", "nginx.conf")


def nginx_binary():
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx")
                                          if os.access(p, os.X_OK)), None)


def loopback_config(shipped: str, upstream_port: int, listen_port: int, prefix: str) -> str:
    conf = re.sub(r"(?m)^\s*resolver [^;]*;\n", "", shipped)
    conf = re.sub(r"server api:8000[^;]*;", f"server 127.0.0.1:{upstream_port};", conf)
    conf = conf.replace("listen 8080;", f"listen 127.0.0.1:{listen_port};")
    conf = conf.replace("/var/log/nginx/access.log", os.path.join(prefix, "access.log"))
    temp = "".join(f"    {kind}_temp_path {os.path.join(prefix, kind)};\n"
                   for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return (f"daemon off;\nworker_processes 1;\npid {os.path.join(prefix, 'nginx.pid')};\n"
            f"error_log {os.path.join(prefix, 'error.log')} info;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n{temp}{conf}\n}}\n")


class Nginx:
    """``with Nginx(upstream_port) as proxy``: proxy.port reaches the upstream through it."""

    def __init__(self, upstream_port: int, shipped: str = SHIPPED):
        self.binary = nginx_binary()
        if self.binary is None:
            raise FileNotFoundError("nginx is not installed (Debian: apt-get install -y nginx)")
        self.prefix = tempfile.mkdtemp(prefix="macau-nginx-")
        self.port = free_port()
        with open(shipped) as f:
            text = loopback_config(f.read(), upstream_port, self.port, self.prefix)
        self.conf = os.path.join(self.prefix, "nginx.conf")
        with open(self.conf, "w") as f:
            f.write(text)

    def __enter__(self):
        import socket

        self.proc = subprocess.Popen([self.binary, "-p", self.prefix, "-c", self.conf], stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(self.prefix, "stderr.log"), "w"))
        deadline = time.monotonic() + 15
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("nginx did not start: " + self.errors())
                time.sleep(0.1)

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.prefix, ignore_errors=True)

    def errors(self) -> str:
        out = []
        for name in ("stderr.log", "error.log"):
            path = os.path.join(self.prefix, name)
            if os.path.exists(path):
                with open(path, errors="replace") as f:
                    out.append(f.read()[-2000:])
        return "\n".join(out)
