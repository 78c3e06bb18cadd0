"""The web table's pages and assets as the Flask app serves them: security headers, no
inline script, module scripts served as JavaScript, every module import resolvable, and
the static files shipped in the package (what a real browser does with them is
tests/browser)."""

from __future__ import annotations

import gzip
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from service.web import STATIC

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = ["/", "/play/abc123", "/replay/abc123", "/play/no-such-game-" + "x" * 200]


@pytest.fixture
def web(module_app):
    return module_app.test_client()


@pytest.mark.parametrize("path", PAGES)
def test_pages_carry_a_csp_that_allows_only_scripts_of_this_origin(web, path):
    r = web.get(path)
    assert r.status_code == 200 and r.mimetype == "text/html"
    csp = {d.split()[0]: d.split()[1:] for d in r.headers["Content-Security-Policy"].split("; ")}
    assert csp["script-src"] == ["'self'"] and csp["default-src"] == ["'none'"]
    assert csp["connect-src"] == ["'self'"] and csp["frame-ancestors"] == ["'none'"]
    assert not any("unsafe" in v for values in csp.values() for v in values)
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "no-referrer"


def test_the_page_has_no_inline_script_or_style(web):
    html = web.get("/").get_data(as_text=True)
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all('src="/assets/' in attrs and not body.strip() for attrs, body in scripts)
    assert "<style" not in html and " style=" not in html and " on" not in re.sub(r"<noscript>.*?</noscript>", "", html)


def test_api_answers_carry_no_page_policy(web):
    r = web.get("/v1/variants")
    assert r.status_code == 200 and "Content-Security-Policy" not in r.headers


def test_module_scripts_and_styles_are_served_with_their_types(web):
    for path, mimetype in [("/assets/js/main.js", "text/javascript"), ("/assets/vendor/preact-htm.js", "text/javascript"),
                           ("/assets/app.css", "text/css"), ("/assets/favicon.svg", "image/svg+xml"),
                           ("/assets/i18n/pl.json", "application/json")]:
        r = web.get(path)
        assert (r.status_code, r.mimetype) == (200, mimetype), path
        assert r.headers["X-Content-Type-Options"] == "nosniff"
    r = web.get("/assets/i18n/de.json", headers={"Accept-Encoding": "gzip"})  # a language's catalog, gzipped
    assert r.headers["Content-Encoding"] == "gzip" and len(r.data) < len(web.get("/assets/i18n/de.json").data) / 2


def test_unknown_assets_are_a_problem_json_404_not_a_page(web):
    for path in ("/assets/js/nope.js", "/assets/../service/app.py", "/assets/%2e%2e/__init__.py"):
        r = web.get(path)
        assert r.status_code == 404 and r.mimetype == "application/problem+json", path


def test_every_module_import_resolves_to_a_served_file(web):
    static = pathlib.Path(STATIC)
    modules = sorted(static.rglob("*.js"))
    assert len(modules) > 5
    for module in modules:
        for target in re.findall(r"""^import\s[^'"]*['"]([^'"]+)['"]""", module.read_text(), re.M):
            resolved = (module.parent / target).resolve()
            assert resolved.is_file(), f"{module.relative_to(static)} imports {target}"
            url = "/assets/" + resolved.relative_to(static).as_posix()
            assert web.get(url).status_code == 200, url


def test_the_pages_use_no_token_in_a_url_and_no_cdn():
    sources = {p.name: p.read_text() for p in pathlib.Path(STATIC).rglob("*") if p.suffix in (".js", ".html", ".css")}
    for name, text in sources.items():
        if name == "preact-htm.js":
            continue
        assert not re.search(r"[?&]token=", text), f"{name} puts a token in a query string"
        assert not re.search(r"https?://(?!www\.w3\.org/)", text), f"{name} loads from another origin"
        assert "innerHTML" not in text and "dangerouslySetInnerHTML" not in text, name
        assert "eval(" not in text and "new Function" not in text, name


@pytest.mark.slow
def test_an_installed_package_ships_the_web_table(tmp_path):
    """Built as the Dockerfile builds it (pip install .): a wheel holding every static file."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for package in ("domain", "events", "service", "workers", "bench"):
        shutil.copytree(ROOT / package, src / package, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--disable-pip-version-check",
                    "-w", str(tmp_path / "dist"), str(src)], check=True, capture_output=True)
    wheel, = (tmp_path / "dist").glob("*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    expected = {"service/web/" + p.relative_to(pathlib.Path(STATIC).parent).as_posix()
                for p in pathlib.Path(STATIC).rglob("*") if p.is_file()}
    assert expected and expected <= shipped, sorted(expected - shipped)


def _shell_assets(web) -> list[str]:
    return re.findall(r'(?:src|href)="(/assets/[^"]+)"', web.get("/").get_data(as_text=True))


def test_the_shell_revalidates_and_points_at_one_release_kept_for_a_year(web):
    page = web.get("/play/abc123")
    assert page.headers["Cache-Control"] == "no-cache" and page.headers["ETag"]
    assert web.get("/", headers={"If-None-Match": page.headers["ETag"]}).status_code == 304
    urls = _shell_assets(web)
    releases = {re.match(r"/assets/v([0-9a-f]{12})/", u).group(1) for u in urls}
    assert len(urls) >= 4 and len(releases) == 1, urls
    for url in urls:
        r = web.get(url)
        assert r.status_code == 200 and r.headers["Cache-Control"] == "public, max-age=31536000, immutable", url
        unversioned = web.get(re.sub(r"^/assets/v[0-9a-f]{12}/", "/assets/", url))
        assert unversioned.headers["Cache-Control"] == "no-cache" and unversioned.data == r.data
    # a module's relative imports stay in its release's folder
    main = next(u for u in urls if u.endswith("/js/main.js"))
    assert web.get(main.replace("main.js", "table.js")).headers["Cache-Control"].endswith("immutable")
    # a page from before an upgrade asks for another release: today's file, not to be kept
    old = web.get(re.sub(r"/v[0-9a-f]{12}/", "/v000000000000/", main))
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"


def test_assets_are_gzipped_for_clients_that_accept_it_and_revalidate_by_etag(web):
    raw = web.get("/assets/js/table.js")
    assert "Content-Encoding" not in raw.headers and raw.headers["Vary"] == "Accept-Encoding"
    packed = web.get("/assets/js/table.js", headers={"Accept-Encoding": "br, gzip;q=0.8"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == raw.data == (pathlib.Path(STATIC) / "js/table.js").read_bytes()
    assert len(packed.data) < len(raw.data) / 2
    refused = web.get("/assets/js/table.js", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in refused.headers
    assert packed.headers["ETag"] != raw.headers["ETag"]  # two representations, two validators
    again = web.get("/assets/js/table.js", headers={"Accept-Encoding": "gzip", "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    changed = web.get("/assets/js/table.js", headers={"Accept-Encoding": "gzip", "If-None-Match": '"stale"'})
    assert changed.status_code == 200 and changed.data == packed.data
    assert web.get("/assets/favicon.svg", headers={"Accept-Encoding": "gzip"}).status_code == 200
