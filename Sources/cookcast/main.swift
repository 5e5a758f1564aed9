import CookcastCLI
import Foundation

exit(await CookcastMain.run(Array(CommandLine.arguments.dropFirst())))
