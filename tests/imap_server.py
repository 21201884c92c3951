"""A real Dovecot IMAP server for tests: a generated config, a passwd-file user, a Maildir, 127.0.0.1 only.

Dovecot runs in the foreground in its own process group, so a test can SIGKILL the whole server (the
master and its imap processes) to see what a sync does when the server goes away. Run as root, Dovecot
drops privileges to its own users, so the mail lives in a world-readable temp dir owned by ``dovecot``;
run as anyone else, every Dovecot user is the current user.
"""

from __future__ import annotations

import mailbox
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

USER = "alex@example.org"
PASSWORD = "imap-test-secret"


def dovecot_binary() -> str | None:
    return shutil.which("dovecot") or next((p for p in ("/usr/sbin/dovecot",) if os.path.exists(p)), None)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class CommandLog:
    """Counts the IMAP commands clients send (``UID FETCH`` and ``UID SEARCH`` by their own names).

    imapclient sends most commands through imaplib's ``_command``, but SEARCH (and ENABLE, SORT...) through its
    own ``_raw_command``, which can send literals: both are counted.
    """

    def __init__(self):
        self.commands: list[str] = []
        self.lines: list[str] = []   # each command with its arguments

    def factory(self, make_client: Callable[[], Any]) -> Callable[[], Any]:
        """A client factory whose clients record every command they send in this log."""
        def make() -> Any:
            client = make_client()
            imap = client._imap  # imaplib underneath imapclient: every command goes through _command
            send = imap._command

            def counted(name: str, *args: Any) -> Any:
                self.commands.append(f"UID {_str(args[0])}" if name == "UID" and args else name)
                self.lines.append(" ".join([name, *map(_str, args)]))
                return send(name, *args)

            imap._command = counted
            raw = client._raw_command

            def counted_raw(command: bytes, args: Any, uid: bool = True) -> Any:
                name = _str(command).upper()
                name = f"UID {name}" if uid and client.use_uid else name
                self.commands.append(name)
                self.lines.append(" ".join([name, *map(_str, args if isinstance(args, (list, tuple)) else [args])]))
                return raw(command, args, uid=uid)

            client._raw_command = counted_raw
            return client

        return make

    def count(self, name: str | None = None) -> int:
        return len(self.commands) if name is None else sum(1 for c in self.commands if c == name)

    def clear(self) -> None:
        self.commands.clear()
        self.lines.clear()


def _str(value: Any) -> str:
    return value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)


def plain_client(port: int) -> Callable[[], Any]:
    """A factory of unencrypted imapclient clients to the test server."""
    from imapclient import IMAPClient

    return lambda: IMAPClient("127.0.0.1", port=port, ssl=False, timeout=30)


class Dovecot:
    """One Dovecot instance with one user (``USER``/``PASSWORD``) whose mail is the Maildir ``self.maildir``."""

    def __init__(self, binary: str, certificate: tuple[Path, Path] | None = None, capabilities: str | None = None):
        """``certificate`` (cert file, key file) also serves implicit TLS on ``tls_port``; ``capabilities``
        replaces what the server advertises after login (e.g. without CONDSTORE, as many servers are)."""
        self.binary = binary
        self.certificate = certificate
        self.capabilities = capabilities
        self.tls_port = free_port() if certificate else 0
        self.root = Path(tempfile.mkdtemp(prefix="qw-dovecot-"))
        self.root.chmod(0o755)  # Dovecot's unprivileged processes must reach the mail below
        self.maildir = self.root / "mail" / USER / "Maildir"
        self.log = self.root / "dovecot.log"
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        if os.geteuid() == 0:
            self.login_user, self.internal_user, self.mail_user = "dovenull", "dovecot", "dovecot"
        else:
            me = pwd.getpwuid(os.geteuid()).pw_name
            self.login_user = self.internal_user = self.mail_user = me
        self.maildir.parent.mkdir(parents=True)
        mailbox.Maildir(self.maildir, create=True)
        (self.root / "users").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
        self.config = self.root / "dovecot.conf"
        self._write_config()

    def _write_config(self) -> None:
        run = self.root / "run"
        tls = "ssl = no"
        if self.certificate:
            cert, key = self.certificate
            tls = f"ssl = yes\nssl_cert = <{cert}\nssl_key = <{key}"
        self.config.write_text(f"""
protocols = imap
listen = 127.0.0.1
base_dir = {run}
state_dir = {run}/state
instance_name = qw-{self.port}
log_path = {self.log}
{tls}
disable_plaintext_auth = no
auth_mechanisms = plain login
{f"imap_capability = {self.capabilities}" if self.capabilities else ""}
default_login_user = {self.login_user}
default_internal_user = {self.internal_user}
first_valid_uid = 0
mail_location = maildir:{self.root}/mail/%u/Maildir
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {self.root}/users
}}
userdb {{
  driver = static
  args = uid={self.mail_user} gid={self.mail_user} home={self.root}/mail/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {self.port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {self.tls_port}
  }}
}}
service anvil {{
  chroot =
}}
""")

    def _own(self) -> None:
        """Give the mail to the user Dovecot reads it as."""
        if os.geteuid() == 0:
            uid, gid = pwd.getpwnam(self.mail_user).pw_uid, pwd.getpwnam(self.mail_user).pw_gid
            for folder, dirs, files in os.walk(self.root / "mail"):
                os.chown(folder, uid, gid)
                for name in files:
                    os.chown(os.path.join(folder, name), uid, gid)

    def start(self) -> "Dovecot":
        self._own()
        self.proc = subprocess.Popen([self.binary, "-F", "-c", str(self.config)], start_new_session=True,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"dovecot exited: {self.proc.stderr.read().decode()} {self.read_log()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    if sock.recv(100).startswith(b"* OK"):
                        return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"dovecot did not answer on port {self.port}: {self.read_log()}")

    def kill(self) -> None:
        """SIGKILL the server and every process it started."""
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self.proc = None

    def close(self) -> None:
        self.kill()
        shutil.rmtree(self.root, ignore_errors=True)

    def read_log(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    # -- mail ---------------------------------------------------------------------------------------------
    def folder(self, name: str | None = None) -> mailbox.Maildir:
        box = mailbox.Maildir(self.maildir, create=True)
        return box if name is None else box.add_folder(name)

    def deliver(self, raw: bytes, folder: str | None = None) -> None:
        """Put one message into a folder (INBOX by default), as a delivery agent would."""
        self.folder(folder).add(raw)
        self._own()

    def load(self, maildir: Path) -> None:
        """Start from a copy of a Maildir (see ``build_maildir``)."""
        shutil.copytree(maildir, self.maildir, dirs_exist_ok=True)
        self._own()

    def set_flags(self, uids: list[int], flags: list[bytes], folder: str = "INBOX") -> None:
        """Add flags to messages as another mail client would (a change of flags only: new MODSEQs, no new UIDs)."""
        client = plain_client(self.port)()
        client.login(USER, PASSWORD)
        client.select_folder(folder)
        client.add_flags(uids, flags)
        client.logout()

    def remove_folder(self, name: str) -> None:
        """Delete a folder as another mail client would (the server running)."""
        client = plain_client(self.port)()
        client.login(USER, PASSWORD)
        client.delete_folder(name)
        client.logout()

    def renumber(self, folder: str | None = None) -> None:
        """Give a folder a new UIDVALIDITY, as a server does after its index is rebuilt (server stopped)."""
        where = self.maildir if folder is None else self.maildir / f".{folder}"
        uidlist = where / "dovecot-uidlist"
        head, _, rest = uidlist.read_text().partition("\n")
        fields = [f"V{int(f[1:]) + 1000}" if f.startswith("V") else f for f in head.split()]
        uidlist.write_text(" ".join(fields) + "\n" + rest)
        for index in where.glob("dovecot.index*"):
            index.unlink()
        self._own()


def self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 signed by its own key (no client trusts it), and that key, as PEM files."""
    from datetime import datetime, timedelta, timezone
    from ipaddress import IPv4Address

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.now(timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - timedelta(minutes=5))
            .not_valid_after(now + timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(IPv4Address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    folder.mkdir(parents=True, exist_ok=True)
    cert_file, key_file = folder / "cert.pem", folder / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    cert_file.chmod(0o644)
    key_file.chmod(0o644)  # read by Dovecot's own user when the tests run as root
    return cert_file, key_file


def build_maildir(mbox_path: Path, maildir: Path, self_emails: set[str]) -> int:
    """Copy every message of an mbox into a Maildir: the user's own mail into Sent, the rest into INBOX."""
    source = mailbox.mbox(mbox_path, create=False)
    inbox = mailbox.Maildir(maildir, create=True)
    sent = inbox.add_folder("Sent")
    count = 0
    for key in source.iterkeys():
        raw = source.get_bytes(key)
        sender = (source[key].get("From") or "").lower()
        (sent if any(a in sender for a in self_emails) else inbox).add(raw)
        count += 1
    source.close()
    return count
