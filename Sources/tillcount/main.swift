// tillcount: count a cash till by denomination, loose and rolled, against a float.

import MoneyKitCLI

ToolRunner.main(spec: TillcountSpec.root) { invocation in
    // The commands arrive with the tillcount issue; until then the tool describes itself.
    invocation.out.write(HelpRenderer(root: TillcountSpec.root, width: invocation.terminal.width).help([]))
    return .ok
}
