import ScanCore
