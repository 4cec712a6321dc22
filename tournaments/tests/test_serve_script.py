"""scripts/serve.sh serves on the club's Wi-Fi when asked (BIND=0.0.0.0:8000, or the address
as its first argument): the development server listens there and the machine's addresses are
host names it answers to. Read through its dry run (SERVE_DRY_RUN=1), which stops before
installing or serving anything."""

import os
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

SCRIPT = Path(settings.BASE_DIR) / "scripts" / "serve.sh"


def dry_run(*args: str, **env: str) -> dict[str, str]:
    """What the script would serve: {"runserver": address, "DJANGO_ALLOWED_HOSTS": …,
    "phones": the addresses it tells the phones to open}."""
    unset = ("BIND", "DJANGO_ALLOWED_HOSTS", "LAN_ADDRESSES")
    environment = {key: value for key, value in os.environ.items() if key not in unset}
    environment.update(SERVE_DRY_RUN="1", **env)
    out = subprocess.run(
        ["bash", str(SCRIPT), *args], env=environment, capture_output=True, text=True, check=True
    ).stdout
    served, hosts, phones, login = out.splitlines()
    return {
        "runserver": served.removeprefix("runserver "),
        "DJANGO_ALLOWED_HOSTS": hosts.removeprefix("DJANGO_ALLOWED_HOSTS="),
        "phones": phones.removeprefix("phones:"),
        "login": login.removeprefix("login:"),
    }


@pytest.mark.parametrize(
    ("args", "env", "served", "hosts", "phones"),
    [
        # by default only this machine, as before
        ((), {}, "127.0.0.1:8000", "", ""),
        # the club's Wi-Fi: every address of the machine, IPv6 left out
        ((), {"BIND": "0.0.0.0:8000", "LAN_ADDRESSES": "192.168.1.20 fe80::1"}, "0.0.0.0:8000",
         "127.0.0.1,localhost,[::1],192.168.1.20", " http://192.168.1.20:8000/"),
        # the address as the first argument, another port
        (("0.0.0.0:9000",), {"LAN_ADDRESSES": "10.0.0.5"}, "0.0.0.0:9000",
         "127.0.0.1,localhost,[::1],10.0.0.5", " http://10.0.0.5:9000/"),
        # one address of the machine, port 8000 understood
        (("192.168.1.20",), {}, "192.168.1.20:8000", "127.0.0.1,localhost,[::1],192.168.1.20",
         " http://192.168.1.20:8000/"),
        # the organiser's own host names win
        ((), {"BIND": "0.0.0.0:8000", "LAN_ADDRESSES": "10.0.0.5",
              "DJANGO_ALLOWED_HOSTS": "club.lan"}, "0.0.0.0:8000", "club.lan",
         " http://10.0.0.5:8000/"),
        # runserver's own options still pass through
        (("--noreload",), {}, "127.0.0.1:8000", "", ""),
    ],
)  # fmt: skip
def test_serve_listens_where_asked_and_answers_to_the_machines_addresses(
    args: tuple[str, ...], env: dict[str, str], served: str, hosts: str, phones: str
) -> None:
    found = dry_run(*args, **env)
    found.pop("login")
    assert found == {"runserver": served, "DJANGO_ALLOWED_HOSTS": hosts, "phones": phones}


@pytest.mark.parametrize(
    ("args", "env", "login"),
    [
        ((), {}, "http://127.0.0.1:8000/login/"),
        ((), {"BIND": "127.0.0.1:8097"}, "http://127.0.0.1:8097/login/"),
        (("0.0.0.0:9000",), {"LAN_ADDRESSES": "10.0.0.5"}, "http://127.0.0.1:9000/login/"),
        (("192.168.1.20",), {}, "http://192.168.1.20:8000/login/"),
    ],
)  # fmt: skip
def test_the_demo_prints_the_login_address_actually_served(
    args: tuple[str, ...], env: dict[str, str], login: str
) -> None:
    assert dry_run(*args, **env)["login"] == login


def test_the_readme_says_how_to_try_it_with_real_phones() -> None:
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    assert "## Two commands" in readme
    assert "BIND=0.0.0.0:8000 bash scripts/serve.sh" in readme
