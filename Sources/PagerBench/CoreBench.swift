import PagerCore

/// The pure model's speed: reducer throughput and the cost of one layout.
enum CoreBench {
    struct Figures {
        var actionsPerSecond: Double
        var nanosecondsPerLayout: Double
    }

    static func run() -> Figures {
        print("PagerCore (release build, median of 7 runs)")
        let actions: [PagerAction] = [
            .increment, .increment, .decrement, .scroll(.trailing), .swipe(.left), .swipe(.right),
            .drag(translation: -200, predicted: nil), .drag(translation: 40, predicted: 300),
            .decrement, .goTo(1), .increment, .scroll(.leading),
        ]
        let rounds = 100_000
        let n = Double(rounds * actions.count)
        var checksum = 0
        let reduceNs = Measure.medianNanoseconds {
            var pager = Pager(pages: ["Explore", "Collect", "Share", "Rest"])
            for _ in 0..<rounds {
                for action in actions {
                    if let events = try? pager.reduce(action) { checksum &+= events.count }
                }
            }
            checksum &+= pager.index
        }
        print(Measure.row("reducer actions per second", n / reduceNs * 1e9, "actions/s", decimals: 0))
        print(Measure.row("reducer time per action", reduceNs / n, "ns"))

        let layouts = 1_000_000
        var sum = 0.0
        let pager = Pager(pages: ["Explore", "Collect", "Share"], index: 1)
        let layoutNs = Measure.medianNanoseconds {
            for i in 0..<layouts {
                let layout = pager.layout(atPosition: 1 + Double(i & 1023) / 2048)
                sum += layout.pages[0].offsetX
            }
        }
        print(Measure.row("layout of the rendered pages", layoutNs / Double(layouts), "ns/layout"))
        blackHole(checksum)
        blackHole(sum)
        return Figures(actionsPerSecond: n / reduceNs * 1e9, nanosecondsPerLayout: layoutNs / Double(layouts))
    }
}
