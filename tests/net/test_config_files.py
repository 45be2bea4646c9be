"""A headless host's config file (``configs/*.toml``): its ``[table]`` keys, the password and
``autostart`` among them, as docs/server.md lists them."""

from __future__ import annotations

import pytest

from ekpeer.net.lobby import SettingsError, load_config


def _config(tmp_path, table: str):
    path = tmp_path / "secret.toml"
    path.write_text(f'name = "Secret table"\n[table]\nexpansions = ["base"]\n{table}\n')
    return path


def test_a_password_and_autostart_in_the_table_section_are_taken(tmp_path):
    table_id, settings, extra = load_config(_config(tmp_path, 'password = "hunter2"\nautostart = false'))
    assert table_id == "secret" and extra["title"] == "Secret table" and extra["autostart"] is False
    assert settings["password"] and "hunter2" not in repr(settings)      # kept only hashed


@pytest.mark.parametrize("line", ['pasword = "hunter2"', 'autostart = "no"'])
def test_a_key_the_host_does_not_know_is_refused_not_dropped(tmp_path, line):
    """``pasword = "..."`` (a typo) was dropped without a word and the table stood open to
    anyone; ``autostart = "no"`` read as true."""
    with pytest.raises(SettingsError, match="pasword|autostart must be true or false"):
        load_config(_config(tmp_path, line))


def test_the_host_says_a_refused_config_file_in_words_and_exits_2(tmp_path):
    """Without table flags a refused file was only a JSON line on stdout: a person running
    ``ekpeer host --headless --config secret.toml`` read nothing on the terminal."""
    import subprocess

    from .conftest import EKPEER, env_for_subprocess, free_port

    env = {**env_for_subprocess(), "EKPEER_DATA_DIR": str(tmp_path / "data"), "EKPEER_NO_DISCOVERY": "1"}
    path = _config(tmp_path, 'pasword = "hunter2"')
    proc = subprocess.run([*EKPEER, "host", "--headless", "--bind", f"tcp://127.0.0.1:{free_port()}",
                           "--config", str(path), "--no-discovery"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"ekpeer host: {path}: ") and "pasword" in proc.stderr, proc.stderr
    assert proc.stderr.count(str(path)) == 1, proc.stderr        # not "secret.toml: secret.toml: ..."
