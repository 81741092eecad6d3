import Foundation

let console = Console()
exit(Flatbed.run(Array(CommandLine.arguments.dropFirst()), console: console))
