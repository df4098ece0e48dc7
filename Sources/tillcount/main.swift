// tillcount: count a cash till by denomination, loose and rolled, against a float.

import MoneyKitCLI

let tree = TillcountSpec.tree
ToolRunner.main(spec: tree.spec) { invocation in
    try TillErrorMessages.mapping {
        let context = try TillContext(invocation: invocation)
        return try context.announcingNewTill { try tree.run(context, path: invocation.arguments.commandPath) }
    }
}
