// tillcount: count a cash till by denomination, loose and rolled, against a float.

import MoneyKitCLI

ToolRunner.main(TillcountTool.self)
