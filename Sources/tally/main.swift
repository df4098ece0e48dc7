// tally: named counters with a step, for people at a terminal and for scripts.

import MoneyKitCLI

ToolRunner.main(spec: TallySpec.root) { invocation in
    // The commands arrive with the tally issue; until then the tool describes itself.
    invocation.out.write(HelpRenderer(root: TallySpec.root, width: invocation.terminal.width).help([]))
    return .ok
}
