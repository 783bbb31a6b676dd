"""`guide review --format sarif` read by a real SARIF consumer (sarif-tools from PyPI), and
checked for the fields the SARIF 2.1.0 schema requires. Run by scripts/test-tools.sh."""
import json
import os
import shutil
import subprocess

import pytest

GUIDE = os.environ["GUIDE_BIN"]
CONTENT = os.environ["GUIDE_CONTENT"]


@pytest.fixture()
def sarif(tmp_path):
    shutil.copytree(CONTENT, tmp_path / "content")
    out = subprocess.run([GUIDE, "review", "--no-check", "--format", "sarif"], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    (tmp_path / "review.sarif").write_text(out.stdout, encoding="utf-8")
    text = subprocess.run([GUIDE, "review", "--no-check"], cwd=tmp_path, capture_output=True, text=True).stdout
    return tmp_path / "review.sarif", json.loads(out.stdout), text


def test_sarif_tools_reads_and_summarises_it(sarif):
    path, document, text = sarif
    summary = subprocess.run(["sarif", "summary", str(path)], capture_output=True, text=True, check=True).stdout
    results = document["runs"][0]["results"]
    warnings = sum(1 for line in text.splitlines() if ": warning: " in line)
    notes = sum(1 for line in text.splitlines() if ": note: " in line)
    assert f"warning: {warnings}" in summary and f"note: {notes}" in summary
    assert "doubt" in summary and "code-comments-translated" in summary
    # One result per finding the text report lists (notes: what is only for information).
    assert len(results) == warnings + notes


def test_the_fields_sarif_2_1_0_requires_are_there(sarif):
    _, document, _ = sarif
    assert document["version"] == "2.1.0" and document["$schema"].endswith("sarif-2.1.0.json")
    run = document["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "guide"
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert all(rule["shortDescription"]["text"] for rule in driver["rules"])
    for result in run["results"]:
        assert result["message"]["text"]
        assert result["level"] in ("error", "warning", "note")
        assert rule_ids[result["ruleIndex"]] == result["ruleId"]
        for location in result["locations"] + result.get("relatedLocations", []):
            physical = location["physicalLocation"]
            assert physical["artifactLocation"]["uri"].startswith("content/")
            assert physical["region"]["startLine"] >= 1
            assert physical["region"].get("startColumn", 1) >= 1
    # Both places: a finding in the Chinese names the English pair too.
    paired = [r for r in run["results"] if "relatedLocations" in r]
    assert paired and all(r["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("content/en/")
                          for r in paired)
