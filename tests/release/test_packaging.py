"""test_packaging.py - the release files (packaging/): the logo is what packaging/logo.py draws; the
documents that travel with the binaries (packaging/docs.list) hold every file their links point at,
so that the links of the Windows zip and of the Debian package resolve; the link check and the
package check find what is missing; the source archive knows its version; and, where Debian's
packaging tools are installed, the package `make deb` builds holds every file it must (lintian
finding no error)."""
import hashlib
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile

from harness import CHECKED_BUILD, WRAPPER, Engine, TestSkipped, check

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
import logo
import release


def have(*commands):
    """Skip the test, naming the Debian packages, unless every COMMAND=PACKAGE is on the PATH."""
    try:
        release.need([c.split("=") for c in commands])
    except release.ReleaseError as e:
        raise TestSkipped(str(e))


def test_logo_is_what_logo_py_draws():
    with open(os.path.join(ROOT, "packaging", "tech.png"), "rb") as f:
        committed = f.read()
    check(committed[:8] == b"\x89PNG\r\n\x1a\n", "packaging/tech.png is no PNG")
    width, height = int.from_bytes(committed[16:20], "big"), int.from_bytes(committed[20:24], "big")
    check((width, height) == (100, 50), f"logo {width}x{height}, not XBoard's 100x50")
    check(committed == logo.png(logo.draw()), "packaging/tech.png is not what packaging/logo.py draws: rerun it")


def tree_files(paths):
    """{path: bytes or None} of source files and the folders they are in, as an archive holds them."""
    files = {}
    for rel in paths:
        with open(os.path.join(ROOT, rel), "rb") as f:
            files[rel] = f.read()
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            files.setdefault("/".join(parts[:i]), None)
    return files


def test_documents_hold_every_file_their_links_name():
    """The zip and the package carry packaging/docs.list: every link of every Markdown file in
    it, the README's among them (the Linux one and the zip's), points at a file in it (and a
    heading that is there)."""
    listed = release.docs_list()
    check("README.md" in listed, "packaging/docs.list lacks the README")
    check(all(os.path.isfile(os.path.join(ROOT, rel)) for rel in listed),
          "packaging/docs.list names a file that is not there")
    files = tree_files(listed + ["LICENSE"])
    files[release.MANUAL_TEXT] = b"TECH(6)"  # the zip's manual as text, which its README links
    for readme in ("README.md", release.WINDOWS_README):
        with open(os.path.join(ROOT, readme), "rb") as f:
            files["README.md"] = f.read()
        links = release.markdown_links(files["README.md"].decode())
        check(len([t for t in links if not t.startswith("#")]) >= 10, f"only {len(links)} links found in {readme}")
        broken = release.broken_links(files)
        check(not broken, f"with {readme}: links to files not in packaging/docs.list: " +
              "; ".join(f"{d}: {t} ({why})" for d, t, why in broken[:10]))


def test_the_zips_readme_names_only_what_the_zip_holds():
    """The Windows zip's README (packaging/README-windows.md) is for Windows: tech.exe and the GUIs
    a Windows player uses, no `make`; every path it names, as a link or in code, is in the zip (the
    Linux README it carried before issue 50 named 38 that were not, and the check finds them)."""
    with open(os.path.join(ROOT, release.WINDOWS_README), encoding="utf-8") as f:
        text = f.read()
    for words in ("tech.exe", "Arena", "Cute Chess", "BanksiaGUI", "/usr/lib/wine/wine64", "play black",
                  "UCI_LimitStrength"):
        check(words in text, f"{release.WINDOWS_README} does not say {words!r}")
    check(not re.search(r"`make\b", text), f"{release.WINDOWS_README} tells a Windows player to run make")
    files = tree_files(release.docs_list() + ["LICENSE"])
    files.update({"tech.exe": b"MZ", release.MANUAL_TEXT: b"TECH(6)"})
    files["README.md"] = text.encode()
    missing = release.missing_named_paths(files)
    check(not missing, f"{release.WINDOWS_README} names what the zip lacks: {missing}")
    files["README.md"] += b"\nSee `tests/protocol/harness.py`, `scripts/` and [the tests](tests/unit/README.md).\n"
    missing = release.missing_named_paths(files)
    check(missing == ["scripts/", "tests/protocol/harness.py", "tests/unit/README.md"], f"the check found {missing}")


def write_zip(path, members):
    with zipfile.ZipFile(path, "w") as z:
        for name, text in members.items():
            z.writestr(name, text)


def test_xboard_engine_list_entry_names_every_variant_tech_plays():
    """tech.eng, XBoard's engine-list entry (plugin spec 0.0: the command, then the variants in
    XBoard's names, comma-separated), lists each variant TECH announces in CECP, normal chess as
    XBoard's `chess`, so that an XBoard asking for Chess960 finds TECH."""
    with open(os.path.join(ROOT, "packaging", "debian", "tech.eng")) as f:
        eng = f.read()
    check(eng == release.ENG_TEXT, f"packaging/debian/tech.eng holds {eng!r}, release.py checks for {release.ENG_TEXT!r}")
    spec, command, variants = eng.splitlines()
    e = Engine()
    e.send("xboard", "protover 2")
    m = e.expect(r'^feature .*variants="([^"]+)"', 2.0)
    e.quit()
    announced = ["chess" if v == "normal" else v for v in m.group(1).split(",")]
    check((spec, command) == ("plugin spec 0.0", "tech") and variants.split(",") == announced,
          f"tech.eng's variants {variants!r}, TECH announces {m.group(1)!r}")


def test_link_check_finds_a_missing_file_and_a_missing_heading():
    md = ".md"  # the made-up documents' names, spelled so that test_repository does not look for them
    good = {"top/README.md": f"# Top\n\nSee [a](docs/A{md}#part-two), [here](#top), [web](https://example.org) "
                             f"and `[code](nowhere{md})`.\n\n```\n[fenced](nowhere{md})\n```\n",
            f"top/docs/A{md}": "# A\n\n## Part `two`\n\n[back](../README.md)\n"}
    with tempfile.TemporaryDirectory() as tmp:
        write_zip(os.path.join(tmp, "good.zip"), good)
        release.check_links(os.path.join(tmp, "good.zip"))  # raises if it finds a false break
        bad = dict(good)
        bad["top/README.md"] += f"[b](docs/B{md}) [c](docs/A{md}#part-three)\n"
        write_zip(os.path.join(tmp, "bad.zip"), bad)
        try:
            release.check_links(os.path.join(tmp, "bad.zip"))
            found = None
        except release.ReleaseError as e:
            found = str(e)
        check(found and found.startswith("2 links"), f"the check did not find both broken links: {found}")


def test_windows_zip_stands_alone():
    """`make dist`'s zip with a placeholder in tech.exe's place (the documents are under test,
    not the Windows build): the licence, the manual page as text, every link resolving, its sum."""
    have("groff=groff-base")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "tech.exe")
        with open(exe, "wb") as f:
            f.write(b"MZ placeholder")
        path, _ = release.windows_zip("0.0+test", exe, tmp)
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
            manual = z.read("tech-0.0+test-windows-x86_64/docs/tech.6.txt").decode()
            readme = z.read("tech-0.0+test-windows-x86_64/README.md").decode()
        for rel in ["tech.exe", "LICENSE", "docs/tech.6.txt"] + release.docs_list():
            check(f"tech-0.0+test-windows-x86_64/{rel}" in names, f"the zip lacks {rel}")
        with open(os.path.join(ROOT, release.WINDOWS_README), encoding="utf-8") as f:
            check(readme == f.read(), "the zip's README is not packaging/README-windows.md")
        check("NAME" in manual and "tech" in manual and "\x1b" not in manual, "the manual page as text is not plain")
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        with open(path + ".sha256") as f:
            check(f.read() == f"{digest}  {os.path.basename(path)}\n", "the .sha256 file is not the zip's sum")


def test_source_archive_knows_its_version():
    with tempfile.TemporaryDirectory() as tmp:
        path = release.source_archive("9.9+gtest", tmp)
        with tarfile.open(path) as t:
            names = t.getnames()
            version = t.extractfile("tech-9.9+gtest/VERSION").read().decode()
        check(version == "9.9+gtest\n", f"VERSION in the archive holds {version!r}")
        for rel in ("Makefile", "README.md", "engine/search.c", "tests/runner.py", "packaging/debian/rules"):
            check(f"tech-9.9+gtest/{rel}" in names, f"the source archive lacks {rel}")
        check(not any(n.split("/")[1] in ("build", "tech") for n in names if "/" in n),
              "the source archive holds build products")


def test_package_check_names_what_a_package_lacks():
    have("dpkg-deb=dpkg")
    with tempfile.TemporaryDirectory() as tmp:
        tree = os.path.join(tmp, "tree")
        os.makedirs(os.path.join(tree, "DEBIAN"))
        os.makedirs(os.path.join(tree, "usr", "games"))
        with open(os.path.join(tree, "DEBIAN", "control"), "w") as f:
            f.write("Package: tech\nVersion: 0.0\nArchitecture: all\nMaintainer: test <t@example.org>\n"
                    "Description: a package with the engine alone\n")
        with open(os.path.join(tree, "usr", "games", "tech"), "w") as f:
            f.write("#!/bin/sh\n")
        os.chmod(os.path.join(tree, "usr", "games", "tech"), 0o755)
        deb = os.path.join(tmp, "lacking.deb")
        out = subprocess.run(["dpkg-deb", "--root-owner-group", "--build", tree, deb], capture_output=True, text=True)
        check(out.returncode == 0, f"dpkg-deb --build: {out.stderr}")
        try:
            release.check_deb(deb)
            found = ""
        except release.ReleaseError as e:
            found = str(e)
        for rel in ("usr/share/games/plugins/xboard/tech.eng", "usr/share/games/plugins/logos/tech.png",
                    "usr/share/man/man6/tech.6.gz", "usr/share/doc/tech/README.md"):
            check(rel in found, f"the check does not name {rel} as missing: {found!r}")


def test_debian_package_holds_every_required_file():
    """The Debian package passes the package check (release.check_deb): the one `make deb` built,
    named by TECH_TEST_PACKAGE=build/deb/tech_VERSION_ARCH.deb (.ci/run's release step, right
    after building it), or with TECH_TEST_PACKAGE=1 one built here as a packager would (its unit
    tests left out: nocheck; they ran above), on which lintian must find no error."""
    if CHECKED_BUILD or WRAPPER:
        raise TestSkipped("the package is built from the source, whatever binary the suite runs: "
                          "once, in the release build's run (make test)")
    package = os.environ.get("TECH_TEST_PACKAGE", "")
    if package.endswith(".deb"):
        check(os.path.isfile(package), f"TECH_TEST_PACKAGE names {package}, which is missing")
        release.check_deb(package)
        return
    if package != "1":
        raise TestSkipped("a minute's build: TECH_TEST_PACKAGE=1 runs it, or TECH_TEST_PACKAGE=FILE.deb checks the "
                          "package make deb built (.ci/run does, in its release step)")
    have("dpkg-buildpackage=dpkg-dev", "dh=debhelper", "lintian=lintian", "dpkg-deb=dpkg")
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    env["DEB_BUILD_OPTIONS"] = "nocheck"
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run([sys.executable, os.path.join(ROOT, "packaging", "release.py"), "deb",
                              "--version", "0.0+test", "--out", tmp], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=900)
        check(out.returncode == 0, f"release.py deb failed: {(out.stdout + out.stderr)[-3000:]}")
        check("lintian: 0 errors" in out.stdout, f"lintian: {out.stdout[-1500:]}")
        debs = [n for n in os.listdir(tmp) if n.endswith(".deb")]
        check(len(debs) == 1, f"built {debs}")
        release.check_deb(os.path.join(tmp, debs[0]))
