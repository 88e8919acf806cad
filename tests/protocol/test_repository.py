"""test_repository.py - the repository stands on its own: every document a file names is in it,
and the README's layout table matches the tree (each folder it lists exists, and each top-level
folder and each part of protocol/ is listed)."""
import os
import re
import subprocess

from harness import check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEXT_SUFFIXES = (".c", ".h", ".py", ".md", ".sh", ".6", ".txt", "Makefile", "run")
OUTSIDE = "../" + "shared"  # the folder the project's documents came from (spelled so as not to match)
DOCUMENT = re.compile(r"(?<![\w.-])((?:[\w.-]+/)*[\w-]+\.md)\b")


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:  # not a git checkout (a tarball): every file under the root
        found = []
        for folder, dirs, names in os.walk(ROOT):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "build"]
            found += [os.path.relpath(os.path.join(folder, n), ROOT) for n in names]
        return found
    return out.stdout.split()


def test_every_named_document_is_in_the_repository():
    files = tracked_files()
    basenames = {os.path.basename(f) for f in files}
    missing = []
    for path in files:
        if not path.endswith(TEXT_SUFFIXES):
            continue
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
        if OUTSIDE in text:
            missing.append(f"{path}: {OUTSIDE}")
        for name in DOCUMENT.findall(text):
            here = os.path.normpath(os.path.join(os.path.dirname(path), name))
            if name in files or here in files or os.path.basename(name) in basenames:
                continue
            missing.append(f"{path}: {name}")
    check(not missing, "documents named but not in the repository: " + ", ".join(sorted(set(missing))[:20]))


def layout_rows():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    section = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for m in re.finditer(r"^\| `([^`]+)` \|", section, re.M)]


def test_readme_layout_matches_the_tree():
    rows = layout_rows()
    check(rows, "README.md has no layout table")
    for row in rows:
        check(os.path.exists(os.path.join(ROOT, row.rstrip("/"))), f"README layout lists {row}, which is missing")
    listed = {row.rstrip("/") for row in rows}
    top = [d for d in sorted(os.listdir(ROOT))
           if os.path.isdir(os.path.join(ROOT, d)) and not d.startswith(".") and d != "build"]
    for folder in top:
        inside = any(r == folder or r.startswith(folder + "/") for r in listed)
        check(inside, f"top-level folder {folder}/ is not in README's layout table")
    protocol = os.path.join(ROOT, "protocol")
    for entry in sorted(os.listdir(protocol)):
        part = f"protocol/{entry}"
        if os.path.isdir(os.path.join(protocol, entry)) or entry.endswith(".c"):
            check(part in listed, f"{part} is not in README's layout table")


def test_c_lines_fit_120_columns():
    """The C sources keep to .clang-format's column limit."""
    long_lines = []
    for path in tracked_files():
        if path.endswith((".c", ".h")):
            with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
                long_lines += [f"{path}:{n}" for n, line in enumerate(f, 1) if len(line.rstrip("\n")) > 120]
    check(not long_lines, "lines over 120 columns: " + ", ".join(long_lines[:20]))
