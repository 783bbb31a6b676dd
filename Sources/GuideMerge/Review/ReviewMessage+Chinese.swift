import GuideModel

// Every Chinese text of `guide review`: its messages (`ReviewMessage.ID`) and its kinds' labels,
// meanings and actions (`ReviewKind`), worded for a translator of technical books. Status names
// in brackets (`[missing]`) and commands stay as typed. The English ones are in `ReviewMessage+English.swift`.

extension ReviewMessage.ID {
    var chinese: String {
        switch self {
        case .englishChanged: "英文在翻译之后有改动"
        case .thematicBreakOnlyInEnglish: "分隔线只在英文中有"
        case .thematicBreakOnlyInChinese: "分隔线只在中文中有"
        case .noChinese: "这段英文没有中文译文"
        case .noEnglish: "这段中文没有对应的英文"
        case .doubtMarker: "标记 {1}"
        case .copyOfEnglish: "照抄了英文原文"
        case .englishProse: "英文原文：“{1}”"
        case .englishLeft: "残留英文：“{1}”"
        case .englishChangedInCommit: "英文在 {1}（{2}）改过，晚于译文最后一次改动 {3}（{4}）"
        case .englishChangedInCommitWords: "英文在 {1}（{2}）改过，晚于译文最后一次改动 {3}（{4}）：{5}"
        case .codeCommentsTranslated: "代码相同，只是其中的注释或字符串译成了中文"
        case .fenceOutOfStep: "代码围栏错位：这个代码块里有一行带语言的围栏，说明前面丢了一个围栏，正文显示成了代码，或代码显示成了正文"
        case .fenceNotClosed: "代码围栏没有闭合：本章余下的内容都显示成了代码"
        case .codeToken: "代码在第 {1} 个记号处不同：英文是 {2}，中文是 {3}"
        case .codeBlockCount: "代码块数不同：英文 {1} 个，中文 {2} 个"
        case .headingLevel: "标题级别不同：英文是 {1} 级，中文是 {2} 级"
        case .headingCount: "标题数不同：英文 {1} 个，中文 {2} 个"
        case .listItems: "列表项数不同：英文 {1} 项，中文 {2} 项"
        case .listKinds: "一边是编号列表，另一边是无序列表"
        case .listCount: "列表数不同：英文 {1} 个，中文 {2} 个"
        case .blockKinds: "块的类型不同：英文是{1}，中文是{2}"
        case .typographyPairCut: "这对段落有 {1} 处排版问题，只列出前 {2} 处（空格问题可用 `guide fix-spacing` 修正）"
        case .spaceMissing: "中英文之间缺空格：“{1}” → “{2}”"
        case .spaceExtra: "多余的空格：“{1}” → “{2}”"
        case .fullwidthAlnum: "全角字母或数字：“{1}” → “{2}”"
        case .halfwidthPunctuation: "中文里用了半角标点：“{1}” → “{2}”"
        case .repeatedPunctuation: "标点重复：“{1}” → “{2}”"
        case .glossaryStaysEnglish: "术语“{1}”应保留英文（英文第 {2} 行）"
        case .glossaryLeftInEnglish: "术语“{1}”没有翻译：术语表的译法是 {2}（英文第 {3} 行）"
        case .glossaryNeither: "术语“{1}”既没有保留英文，也没有译作 {2}（英文第 {3} 行）"
        case .glossaryNotTranslated: "术语“{1}”没有译作 {2}（英文第 {3} 行）"
        case .sentencePartMissing: "英文句子有一部分没有译出：“{2}”中的“{1}”（置信度 {3}）"
        case .sentenceShort: "这句英文的中文译文短得多：“{1}”（置信度 {2}）"
        case .sentenceMissing: "这句英文没有译出：“{1}”（置信度 {2}）"
        case .sentenceExtra: "这句中文在英文中没有对应：“{1}”（置信度 {2}）"
        case .headingSkip: "标题从 {2} 级跳到了 {1} 级"
        case .imageWithoutAlt: "图片没有替代文字（{1}）"
        case .linkWithoutText: "链接没有文字"
        case .vagueLinkText: "链接文字“{1}”没有说明链接指向哪里"
        case .untranslatedNotListed: "“{1}”尚未翻译：{2} 没有列出这一章"
        case .untranslatedFileExists: "“{1}”尚未翻译：文件已存在，但 {2} 没有列出这一章"
        case .reasonNotListed: "{1} 没有列出这一章"
        case .reasonFileExists: "文件已存在，但 {1} 没有列出这一章"
        case .snippetOutcomes: "{2} 版{1}，{4} 版{3}"
        case .snippetAssumed: "假定以下名称存在时可以编译：{1}"
        case .outcomePass: "通过"
        case .outcomeWarn: "有警告"
        case .outcomeAssumed: "需假定名称"
        case .outcomeFail: "失败"
        case .outcomeExpected: "符合预期"
        case .outcomeIntended: "有意提示"
        case .outcomeUnexpectedPass: "意外通过"
        case .outcomeIgnored: "未编译"
        case .outcomeNotChecked: "未能检查"
        case .snippetOutcomeLabel: "代码片段{1}"
        case .snippetDivergenceLabel: "代码片段两版结果不同"
        case .seeGuideCheck: "（详见 guide check）"
        case .englishAt: "（英文：{1}）"
        case .findingsNotShown: "本章另有 {1} 条问题未显示（`guide review --format json` 会全部列出）"
        case .findingsNotShownFirst: "本章另有 {1} 条问题未显示（`guide review --format json` 列出前 {2} 条）"
        case .readerNotShown: "本文件另有 {1} 条读者问题未显示（`guide review --format json` 会全部列出）"
        case .chapterSummary: "{1}：共 {2} 对段落：{3}；英文已译 {4}%，已确认 {5}%"
        case .summaryCount: "{2} {1}"
        case .summaryNotTranslated: "；尚未翻译"
        case .summaryReaderOne: "；两种语言的文件中有 1 条读者问题"
        case .summaryReaderMany: "；两种语言的文件中有 {1} 条读者问题"
        case .typographySummaryOne: "本章有 1 处排版问题：运行 `guide fix-spacing` 修正（`guide review --only typography` 列出详情）"
        case .typographySummaryMany: "本章有 {1} 处排版问题：运行 `guide fix-spacing` 修正（`guide review --only typography` 逐条列出）"
        case .checkCounts: "代码片段 {1} 个：{2}"
        case .theEnglish: "英文原文"
        case .githubTitle: "guide review：{1}"
        case .findingLabel: "{1}{2}：{3}"
        case .dashboardTitle: "翻译审阅"
        case .whereToStart: "从哪里开始"
        case .overviewCaption: "每章一行；点击表头可排序"
        case .columnChapter: "章节"
        case .columnLanguage: "语言"
        case .columnTranslated: "已译 %"
        case .columnAccepted: "已确认 %"
        case .columnSnippetsFailing: "代码片段失败"
        case .columnSnippetsWarning: "代码片段警告"
        case .filterShow: "显示"
        case .filterSnippets: "代码片段"
        case .filterReader: "读者问题"
        case .filterChapter: "章节"
        case .filterLanguage: "语言"
        case .filterAll: "全部"
        case .filterCountOne: "1 条问题"
        case .filterCountMany: "{1} 条问题"
        case .chapterCountOne: "1 章"
        case .chapterCountMany: "{1} 章"
        case .shownIn: "显示 {2}中的 {1}"
        case .legendTitle: "各状态的含义"
        case .legendStatus: "状态"
        case .legendMeaning: "含义"
        case .legendAction: "怎么处理"
        case .sectionFindingsOne: "1 条问题"
        case .sectionFindingsMany: "{1} 条问题"
        case .sideBySide: "中英对照"
        case .progressLabel: "已译 {1}%，已确认 {2}%"
        case .progressText: "英文已译 {1}%（有英文的 {3} 对段落中已译 {2} 对），已确认 {4}%"
        case .notTranslatedYet: "尚未翻译"
        case .pairsByStatus: "各状态的段落数"
        case .gapsHeading: "待处理的问题"
        case .typographyFold: "{1} 处（空格问题可用 `guide fix-spacing` 修正）"
        case .gapsNotShown: "本章另有 {1} 条问题未显示（`guide review --format json` 会全部列出）"
        case .gapsNotShownFirst: "本章另有 {1} 条问题未显示（`guide review --format json` 列出前 {2} 条）"
        case .pairFindingsNotShown: "这对段落另有 {1} 条问题未显示"
        case .snippetsHeading: "代码片段"
        case .readerHeading: "面向读者：Markdown 中有 {1} 处问题"
        case .readerNote: "标题跳级、图片没有替代文字、链接文字只写“这里”：请修改章节文件。"
        case .linkToPair: "链接到这对段落"
        case .englishSinceTranslation: "译文之后英文的改动"
        case .historyNotInGit: "这本书不在 git 中（或没有安装 git）：过时的段落只来自确认记录（guide review --accept）"
        case .historyShallowClone: "{1} 是浅克隆：历史不完整，过时的段落只来自确认记录（git fetch --unshallow 可取回其余历史）"
        }
    }

    /// A Chinese message's argument that is a word of the tool (a block kind's name).
    func chineseArgument(_ argument: String) -> String {
        if self == .codeToken, argument == "the end" { return "结尾" }
        if self == .englishChangedInCommit || self == .englishChangedInCommitWords, argument == "uncommitted" { return "尚未提交的改动" }
        guard self == .blockKinds else { return argument }
        return [
            "heading": "标题", "paragraph": "段落", "list": "列表", "code": "代码块", "blockquote": "引用",
            "thematic-break": "分隔线", "html": "HTML", "table": "表格",
        ][argument] ?? argument
    }
}

extension ReviewKind {
    var chineseTexts: (label: String, meaning: String, action: String) {
        switch self {
        case .stale: ("过时", "英文在译文最后一次改动（或确认）之后又改过。", "对照英文更新中文，然后提交或运行 `guide review --accept`。")
        case .missing: ("未翻译", "这段英文还没有中文译文。", "翻译这段英文。")
        case .extra: ("多出的中文", "中文无对应英文：这段中文在英文中找不到对应。",
                      "如果是译者注，可以保留；否则删除，或移到对应英文的位置。")
        case .codeDrift: ("代码不一致", "成对的代码块，代码不一样。", "照抄英文的代码，只翻译其中的注释和字符串。")
        case .codeCommentsTranslated: ("注释已译", "成对的代码块，代码相同，只是注释或字符串译成了中文（仅供参考）。", "无需处理。")
        case .doubt: ("存疑（【疑问】）", "译者把这段译文标记为没有把握（【疑问】）。", "解决疑问之后，删除标记。")
        case .sentenceMissing: ("漏译的句子", "段落已翻译，但其中有一句英文没有译出。", "翻译问题中引用的那句英文。")
        case .sentenceExtra: ("多出的句子", "段落已翻译，但其中有一句中文在英文中没有对应。", "如果是有意添加的，可以保留；否则删除。")
        case .englishLeft: ("残留英文", "译文中留有英文原文。", "翻译残留的英文。")
        case .glossary: ("术语", "术语没有采用约定的译法。", "采用 content/glossary.yml 中的译法。")
        case .typography: ("排版", "中文排版问题：中英文间距、全角字母、半角标点。", "运行 `guide fix-spacing`，其余的手工修改。")
        case .structure: ("结构不一致", "两种语言的标题级别、列表长度或块的类型不同。", "让中文的标题、列表和块与英文一致。")
        case .translated: ("已翻译", "已翻译，没有发现问题。", "无需处理。")
        case .headingSkip: ("标题跳级", "标题跳过了一个级别。", "改用下一级标题。")
        case .imageAlt: ("图片缺替代文字", "图片没有替代文字。", "在替代文字中描述图片：![图片内容](文件)。")
        case .linkText: ("链接文字不明", "链接文字没有说明链接指向哪里。", "在链接文字中写明链接指向的内容。")
        case .snippet: ("代码片段", "同一段代码，中文版与英文版的编译结果不同。", "对比两个代码块；`guide check` 会说明原因。")
        case .untranslated: ("整章未翻译", "译文的 SUMMARY.md 还没有列出这一章（所有段落都未翻译）。",
                             "翻译这一章，并把它列入译文的 SUMMARY.md。")
        }
    }
}
