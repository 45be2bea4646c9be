"""TLS for ``ekpeer serve`` beyond loopback: the page, the table password and the seat travel
encrypted, so a passive listener on the LAN reads none of them.

A certificate the user gives (``--cert`` and ``--key``, PEM) is used as it is. Without one,
a self-signed certificate is made on first start and kept (``<data>/web-tls/``, the key
0600) so that its fingerprint stays the same from one evening to the next: the server
prints its SHA-256 fingerprint as the host prints its key's, and a browser, which warns
about a certificate nobody signed, shows the same fingerprint for the player to compare.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import ipaddress
import os
import ssl
from pathlib import Path

from ..i18n import _

CERT_NAME, KEY_NAME = "cert.pem", "key.pem"
VALID_DAYS = 3650          # kept for years: a new one every start would be a new fingerprint


class TlsError(RuntimeError):
    """A certificate or key that cannot be used (said in words by ``ekpeer serve``)."""


def tls_folder(data: Path) -> Path:
    return data / "web-tls"


def kept_certificate(folder: Path, names: list[str]) -> tuple[Path, Path]:
    """The certificate and key kept in ``folder``, made now (self-signed, for ``names``) if
    there are none yet. Two servers starting at once keep one pair: each writes its pair in
    a folder of its own and renames it into place, which only the first rename does."""
    cert, key = folder / CERT_NAME, folder / KEY_NAME
    if cert.exists() and key.exists():
        return cert, key
    folder.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    cert_pem, key_pem = _self_signed(names)
    mine = folder.with_name(f".{folder.name}.{os.getpid()}.tmp")
    mine.mkdir(mode=0o700, exist_ok=True)
    try:
        for name, data in ((KEY_NAME, key_pem), (CERT_NAME, cert_pem)):
            fd = os.open(mine / name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        with contextlib.suppress(OSError):      # another made its pair first: that one is kept
            os.rename(mine, folder)
    finally:
        if mine.exists():
            import shutil

            shutil.rmtree(mine, ignore_errors=True)
    if not (cert.exists() and key.exists()):
        raise TlsError(_("no certificate could be kept in {folder}").format(folder=folder))
    return cert, key


def _self_signed(names: list[str]) -> tuple[bytes, bytes]:
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError as exc:      # comes with ekpeer's web extra
        raise TlsError(_("making a certificate needs the cryptography package (pip install "
                         "'ekpeer[web]'), or give one with --cert and --key")) from exc
    key = ec.generate_private_key(ec.SECP256R1())
    alt: list[x509.GeneralName] = []
    for name in dict.fromkeys(n for n in names if n):
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name.strip("[]"))))
        except ValueError:
            alt.append(x509.DNSName(name))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "ekpeer serve")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return cert.public_bytes(serialization.Encoding.PEM), key_pem


def fingerprint(cert: Path) -> str:
    """The certificate's SHA-256 fingerprint as browsers show it (``AB:CD:...``)."""
    try:
        der = ssl.PEM_cert_to_DER_cert(cert.read_text(encoding="ascii"))
    except (OSError, ValueError) as exc:
        raise TlsError(_("{cert}: not a PEM certificate ({why})").format(cert=cert, why=exc)) from exc
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context (TLS 1.2 or newer) for ``cert`` and ``key``."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(str(cert), str(key))
    except (OSError, ssl.SSLError) as exc:
        raise TlsError(_("cannot use the certificate {cert} with the key {key}: {why}").format(
            cert=cert, key=key, why=exc)) from exc
    return context


def names_for(bind: str, public_host: str | None) -> list[str]:
    """What browsers may call this server: the certificate names them all."""
    import socket

    names = [bind, public_host or "", "localhost", "127.0.0.1"]
    with contextlib.suppress(OSError):
        names.append(socket.gethostname())
    if bind in ("0.0.0.0", "::", ""):
        with contextlib.suppress(Exception):
            from ..net.hosted import lan_address

            names.append(lan_address())
    return [n for n in names if n and n not in ("0.0.0.0", "::")]
