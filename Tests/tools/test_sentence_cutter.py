"""How scripts/sentence-deletions.sh cuts a Chinese paragraph into the sentences it deletes: as
issue #23 defines a sentence and guide's cutter reads one (`SentenceBoundaries`), so that the
script never deletes half of a bracketed note or a quoted question. Run by scripts/test-tools.sh."""
import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "lib" / "sentence_deletions.py"
spec = importlib.util.spec_from_file_location("sentence_deletions", SCRIPT)
deletions = importlib.util.module_from_spec(spec)
spec.loader.exec_module(deletions)


def cut(text):
    return [span.group(0) for span in deletions.cut_sentences(text)]


def test_stops_end_sentences_with_the_closing_marks_after_them():
    assert cut("第一句。第二句！第三句？") == ["第一句。", "第二句！", "第三句？"]
    assert cut("“你好。”他说。") == ["“你好。”", "他说。"]
    assert cut("真的吗？！好。") == ["真的吗？！", "好。"]


def test_a_stop_inside_brackets_that_close_later_ends_nothing():
    note = "这样更安全(译者注：比如 a。然后 b。)。下一句。"
    assert cut(note) == ["这样更安全(译者注：比如 a。然后 b。)。", "下一句。"]
    assert cut("甲（乙。丙）丁。") == ["甲（乙。丙）丁。"]


def test_a_stop_that_is_the_brackets_last_mark_ends_the_sentence():
    assert cut("见上（括号。）然后。") == ["见上（括号。）", "然后。"]
    assert cut("甲（乙。丙。）丁。") == ["甲（乙。丙。）", "丁。"]


def test_a_comma_after_the_closing_marks_goes_on_with_the_sentence():
    assert cut("他问：“对吗？”，然后走了。") == ["他问：“对吗？”，然后走了。"]


def test_a_bracket_left_open_holds_nothing_back():
    assert cut("一个 1) 列表。第二。") == ["一个 1) 列表。", "第二。"]
    assert cut("笑脸 :( 真的。第二。") == ["笑脸 :( 真的。", "第二。"]


def test_text_after_the_last_stop_is_no_sentence():
    assert cut("一句。没有句号") == ["一句。"]


def test_a_paragraph_counts_as_several_sentences_by_this_cut():
    lines = ["甲（乙。丙）丁。", "", "一句。两句。", ""]
    assert deletions.paragraphs(lines) == [(2, 2)]
