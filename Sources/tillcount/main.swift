// tillcount: count a cash till by denomination, loose and rolled, against a float.

import MoneyKitCLI

let tree = TillcountSpec.tree
ToolRunner.main(spec: tree.spec) { invocation in
    try TillErrorMessages.mapping {
        try tree.run(try TillContext(invocation: invocation), path: invocation.arguments.commandPath)
    }
}
