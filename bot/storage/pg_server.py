"""A throwaway PostgreSQL server started from the machine's binaries (tests and the bench).

    server = ThrowawayServer.start()        # initdb + pg_ctl start, unix socket only
    url = server.url("postgres")            # postgresql://postgres@/postgres?host=<dir>
    server.stop()                           # stop it and delete its data directory

`initdb` refuses to run as root, so as root every server command runs as the `postgres` user
(`runuser -u postgres --`) in a temporary directory handed to that user; otherwise directly.
The server listens on a unix socket only (no TCP port to collide with) and trusts local
connections. Durability settings are the caller's choice: tests turn fsync off, the bench keeps
PostgreSQL's defaults so its figures mean what they would on a real server.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["NoServerError", "ThrowawayServer", "find_bindir"]

BIN_ENV = "POSTGRES_BIN"
"""Set to the directory holding `initdb` and `pg_ctl` when they are somewhere unusual."""


class NoServerError(RuntimeError):
    """No PostgreSQL binaries here, or the server would not start; the message says which."""


def find_bindir() -> Path:
    """The directory holding `initdb` and `pg_ctl`: $POSTGRES_BIN, the PATH, or the newest
    /usr/lib/postgresql/<version>/bin. Raises NoServerError naming what was looked for."""
    candidates: list[str] = []
    if os.environ.get(BIN_ENV):
        candidates.append(os.environ[BIN_ENV])
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    candidates += sorted(versions, key=lambda p: int(Path(p).parent.name), reverse=True)
    for folder in candidates:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    raise NoServerError(
        "no PostgreSQL server binaries (initdb, pg_ctl) on PATH, in /usr/lib/postgresql/*/bin "
        f"or in ${BIN_ENV}"
    )


def _as_server_user(argv: list[str]) -> list[str]:
    """Root may not run the server: run it as `postgres` then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


@dataclass
class ThrowawayServer:
    """A running server in its own temporary directory (data, socket and log)."""

    folder: Path
    bindir: Path

    @property
    def socket_dir(self) -> str:
        """Where the server's unix socket is (the `host` of a connection URL)."""
        return str(self.folder)

    def url(self, database: str = "postgres") -> str:
        """A connection URL for `database` as the superuser `postgres`, over the socket."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    @classmethod
    def start(
        cls, *, durable: bool = False, commit_wait: bool = True, max_connections: int = 100
    ) -> ThrowawayServer:
        """initdb and start a server; `durable=False` turns fsync off (tests: fast, and a
        crash of the machine loses nothing that matters); `commit_wait=False` turns
        synchronous_commit off (a commit does not wait for its WAL flush)."""
        bindir = find_bindir()
        folder = Path(tempfile.mkdtemp(prefix="guildhall-pg-"))
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres", "postgres")
        data = folder / "data"
        options = [
            "-c listen_addresses=''",
            f"-c unix_socket_directories='{folder}'",
            f"-c max_connections={max_connections}",
        ]
        if not durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        elif not commit_wait:
            options.append("-c synchronous_commit=off")
        try:
            cls._run(
                [
                    str(bindir / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    "postgres",
                    "--auth=trust",
                    "-E",
                    "UTF8",
                    "--locale=C",
                    *([] if durable else ["--no-sync"]),
                ]
            )
            cls._run(
                [
                    str(bindir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(folder / "server.log"),
                    "-o",
                    " ".join(options),
                    "-w",
                    "-t",
                    "30",
                    "start",
                ]
            )
        except NoServerError:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        server = cls(folder=folder, bindir=bindir)
        server._watch(os.getpid())
        return server

    def _watch(self, owner: int) -> None:
        """A small watchdog that stops the server and deletes its folder once the process that
        started it is gone, however it ended (a test run killed outright leaves no server)."""
        stop = " ".join(
            _as_server_user(
                [str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "stop"]
            )
        )
        script = (
            f"while kill -0 {owner} 2>/dev/null && [ -d '{self.folder}' ]; do sleep 2; done; "
            f"[ -d '{self.folder}' ] && {{ {stop} >/dev/null 2>&1; rm -rf '{self.folder}'; }}"
        )
        subprocess.Popen(
            ["sh", "-c", script],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    @staticmethod
    def _run(argv: list[str]) -> None:
        try:
            done = subprocess.run(
                _as_server_user(argv), capture_output=True, text=True, timeout=60, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise NoServerError(f"{Path(argv[0]).name} could not run: {exc}") from exc
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            raise NoServerError(f"{Path(argv[0]).name} failed: {' / '.join(tail)}")

    def stop(self) -> None:
        """Stop the server at once and delete its directory."""
        try:
            self._run(
                [str(self.bindir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "stop"]
            )
        except NoServerError:
            pass
        shutil.rmtree(self.folder, ignore_errors=True)
