// tillcount: count a cash till by denomination, loose and rolled, against a float.

import MoneyKitCLI

ToolRunner.main(spec: TillcountSpec.root) { invocation in
    try TillCommands(invocation: invocation).run()
}
