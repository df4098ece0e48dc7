// tillcount: count a cash till by denomination, loose and rolled, against a float.

import MoneyKitCLI
import MoneyKitPostgres

let tree = TillcountSpec.tree
ToolRunner.main(spec: tree.spec) { invocation in
    // The arguments are read: a password typed in a connection string leaves the process list.
    PostgresConnectionText.scrubPasswordsFromProcessArguments()
    return try TillErrorMessages.mapping {
        let context = try TillContext(invocation: invocation)
        return try context.announcingNewTill { try tree.run(context, path: invocation.arguments.commandPath) }
    }
}
