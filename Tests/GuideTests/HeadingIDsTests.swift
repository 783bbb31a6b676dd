import GuideModel
@testable import GuideRender
import Testing

@Suite struct HeadingIDsTests {
    @Test func idsAreLookedUpByBlockAndListedInBlockOrder() {
        var ids = HeadingIDs()
        ids[5] = "five"
        ids[1] = "one"
        #expect(ids[1] == "one" && ids[5] == "five")
        #expect(ids[0] == nil && ids[3] == nil && ids[6] == nil && ids[1_000_000] == nil && ids[-1] == nil)
        #expect(ids.values == ["one", "five"])
        #expect(ids.count == 2 && !ids.isEmpty)
        var seen: [String] = []
        ids.forEach { block, id in seen.append("\(block):\(id)") }
        #expect(seen == ["1:one", "5:five"])
    }

    @Test func equalIdsAreEqualHowEverTheyWereMade() {
        var made: HeadingIDs = [2: "b"]
        made[9] = "late"
        made[9] = nil          // removing the last id leaves no empty slots behind
        made[20] = nil         // nor does removing one that is not there
        #expect(made == [2: "b"])
        #expect(made.hashValue == ([2: "b"] as HeadingIDs).hashValue)
        #expect(made.count == 1)
        made[2] = "c"          // replacing an id does not count it twice
        #expect(made.count == 1 && made.values == ["c"])
        made[2] = nil
        #expect(made == HeadingIDs() && made.isEmpty)
    }

    @Test func theDigestFollowsTheIds() {
        let ids: HeadingIDs = [0: "a", 3: "b"]
        #expect(HeadingAnchors.digest(ids) == HeadingAnchors.digest([0: "a", 3: "b"]))
        #expect(HeadingAnchors.digest(ids) != HeadingAnchors.digest([0: "a", 4: "b"]))
        #expect(HeadingAnchors.digest(ids) != HeadingAnchors.digest([0: "a", 3: "c"]))
        #expect(HeadingAnchors.digest(ids) != HeadingAnchors.digest([0: "a"]))
    }
}
